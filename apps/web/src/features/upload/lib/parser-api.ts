import type { UploadRow } from '@publisher/contract';
import { inUploadOrder, type SkipReason } from './conversion-csv';
import { parseConversionFile } from './parse-conversion-file';

/** The preview's length (part 2 §2 and §9). */
export const PREVIEW_ROWS = 100;

/** What the page keeps of a parsed file: the rows themselves stay in the worker until they are sent. */
export interface ParseSummary {
  /** The first rows, for the preview (part 2 §2: limited to the first 100). */
  preview: UploadRow[];
  rowCount: number;
  uniqueDates: string[];
  skipped: Record<SkipReason, number>;
}

export type ParseOutcome =
  | { status: 'parsed'; summary: ParseSummary }
  /** `skipped`: the header passed but no row could be kept (why each was left out). */
  | { status: 'invalid'; skipped?: Record<SkipReason, number> };

/** What the parser worker offers the page (through Comlink: parser-port.ts). A file it cannot read rejects. */
export interface ParserApi {
  /** Parses the file and keeps its rows; `onProgress` after every whole percent read. */
  parse(file: Blob, onProgress: (loaded: number, total: number) => void): Promise<ParseOutcome>;
  /** The kept rows `start` to `end` (exclusive), for one upload request. */
  rows(start: number, end: number): UploadRow[];
}

/** Progress is reported in whole percents: no point posting a message per megabyte of a 50 MB file twice. */
const percentOf = (loaded: number, total: number) => (total === 0 ? 100 : Math.floor((loaded / total) * 100));

/**
 * The parser worker's logic, apart from the worker itself so tests run it in-process: it parses a file, keeps
 * the accepted rows, and hands them out a chunk at a time when the page uploads them.
 */
export function createParserApi(): ParserApi {
  let rows: UploadRow[] = [];
  return {
    async parse(file, onProgress) {
      rows = [];
      let lastPercent = -1;
      const result = await parseConversionFile(file, {
        onProgress: (loaded, total) => {
          const percent = percentOf(loaded, total);
          if (percent === lastPercent) return;
          lastPercent = percent;
          onProgress(loaded, total);
        },
      });
      if (result.status === 'invalid')
        return { status: 'invalid', ...(result.skipped ? { skipped: result.skipped } : {}) };
      // The preview shows the file's first rows as written; the upload sends them grouped by date and campaign.
      rows = inUploadOrder(result.rows);
      const summary = {
        preview: result.rows.slice(0, PREVIEW_ROWS),
        rowCount: rows.length,
        uniqueDates: result.uniqueDates,
        skipped: result.skipped,
      };
      return { status: 'parsed', summary };
    },
    rows: (start, end) => rows.slice(start, end),
  };
}
