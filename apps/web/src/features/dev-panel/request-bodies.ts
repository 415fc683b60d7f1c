import type { JournalEntry } from '@publisher/contract';
import type { RecordedCall } from '../../lib/api-client';

/**
 * Pairs each call of the typed client with its entry in the API's journal (both newest first): the same method,
 * path and status, in the same order. The journal also holds other clients' calls, which are skipped over.
 * Answers one entry, or undefined when none matches, per call.
 */
export function matchJournal(
  calls: readonly RecordedCall[],
  journal: readonly JournalEntry[],
): (JournalEntry | undefined)[] {
  let cursor = 0;
  return calls.map((call) => {
    const [path] = call.path.split('?');
    for (let index = cursor; index < journal.length; index += 1) {
      const entry = journal[index];
      if (entry && entry.method === call.method.toUpperCase() && entry.path === path && entry.status === call.status) {
        cursor = index + 1;
        return entry;
      }
    }
    return undefined;
  });
}

/** The body as the panel prints it; null when the call had none. */
export function printedBody(entry: JournalEntry | undefined): string | null {
  if (entry === undefined || entry.body === null || entry.body === undefined) return null;
  return typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body, null, 2);
}
