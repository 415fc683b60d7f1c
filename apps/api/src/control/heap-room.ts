import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** The heap of the process: what is in use and the most it may hold (V8's limit, from --max-old-space-size). */
/** What a control call needs room in the heap for: a seed from nothing, or another copy of the data (a snapshot). */
export type HeapNeed = 'seed' | 'snapshot';

export interface HeapReading {
  usedBytes: number;
  limitBytes: number;
}

export interface HeapGauge {
  read(): HeapReading;
  close(): void;
}

/**
 * Reads the heap for the mock sessions' room check (control/sessions.ts). In use: the lower of the heap in use now
 * and what the last full collection left, because between collections the heap in use counts garbage too (a
 * spare's filling leaves tens of MiB of it), and a check on that alone would refuse sessions that fit.
 */
export function createHeapGauge(): HeapGauge {
  let afterFullCollection: number | undefined;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A gc entry's detail (Node's documented shape), which the PerformanceEntry type leaves out.
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      const kind = detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) afterFullCollection = getHeapStatistics().used_heap_size;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    read() {
      const { used_heap_size: now, heap_size_limit: limitBytes } = getHeapStatistics();
      return { usedBytes: Math.min(now, afterFullCollection ?? now), limitBytes };
    },
    close: () => observer.disconnect(),
  };
}

const MIB = 2 ** 20;

/** Bytes as whole MiB, for messages. */
export const inMib = (bytes: number): string => `${String(Math.round(bytes / MIB))} MiB`;
