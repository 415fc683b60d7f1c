import type { UploadRow } from '@publisher/contract';
import type { SkipReason } from './conversion-csv';

/** What the page asks the parser worker. */
export type ParserRequest =
  | { type: 'parse'; file: Blob }
  /** The kept rows `start` to `end` (exclusive), for one upload request. */
  | { type: 'rows'; requestId: number; start: number; end: number };

/** What the page keeps of a parsed file: the rows themselves stay in the worker until they are sent. */
export interface ParseSummary {
  /** The first rows, for the preview (part 2 §2: limited to the first 100). */
  preview: UploadRow[];
  rowCount: number;
  uniqueDates: string[];
  skipped: Record<SkipReason, number>;
}

/** What the parser worker answers. */
export type ParserResponse =
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'parsed'; summary: ParseSummary }
  /** `skipped`: the header passed but no row could be kept (why each was left out). */
  | { type: 'invalid'; skipped?: Record<SkipReason, number> }
  | { type: 'failed'; message: string }
  | { type: 'rows'; requestId: number; rows: UploadRow[] };

/** The preview's length (part 2 §2 and §9). */
export const PREVIEW_ROWS = 100;
