import { deepLinksContract } from '@publisher/contract';

const SUCCESS_FLAG_PATHS: readonly string[] = [
  deepLinksContract.generateDeepLink.path,
  deepLinksContract.generateDeepLinkAll.path,
];

/**
 * The spec's failure fields of the generators (part 2 §3, §7), added to the error envelope by the one error
 * handler: API 1 and 2 answer `success: false` and `error`, API 5 `error` (its screen reads `payload.error`).
 * `error` is the envelope's first message. Undefined for every other path.
 */
export function deepLinkFailureFields(path: string, message: string): Record<string, unknown> | undefined {
  if (SUCCESS_FLAG_PATHS.includes(path)) return { success: false, error: message };
  if (path === deepLinksContract.generateKelkooDeepLink.path) return { error: message };
  return undefined;
}
