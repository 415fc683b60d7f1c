import type { RecordedCall } from '../../lib/api-client';

/** How many calls the panel lists. */
export const REQUEST_LOG_SIZE = 30;

export interface RequestLog {
  add: (call: RecordedCall) => void;
  /** Newest first; a new array after every change (for useSyncExternalStore). */
  calls: () => readonly RecordedCall[];
  subscribe: (listener: () => void) => () => void;
}

/** The last REQUEST_LOG_SIZE calls the typed client answered. */
export function createRequestLog(size: number = REQUEST_LOG_SIZE): RequestLog {
  let calls: readonly RecordedCall[] = [];
  const listeners = new Set<() => void>();
  return {
    add(call) {
      calls = [call, ...calls].slice(0, size);
      for (const listener of listeners) listener();
    },
    calls: () => calls,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
