import type { ErrorEnvelope } from '@publisher/contract';

export function envelope(statusMessages: string[], errors: string[] = statusMessages): ErrorEnvelope {
  return { statusMessages, errors };
}
