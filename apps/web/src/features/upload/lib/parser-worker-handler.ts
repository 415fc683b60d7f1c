import type { UploadRow } from '@publisher/contract';
import { inUploadOrder } from './conversion-csv';
import { parseConversionFile } from './parse-conversion-file';
import { PREVIEW_ROWS, type ParserRequest, type ParserResponse } from './parser-protocol';

/** Progress is reported in whole percents: no point posting a message per megabyte of a 50 MB file twice. */
const percentOf = (loaded: number, total: number) => (total === 0 ? 100 : Math.floor((loaded / total) * 100));

/**
 * The parser worker's logic, apart from the worker itself so tests run it in-process: it parses a file, keeps
 * the accepted rows, and hands them out a chunk at a time when the page uploads them.
 */
export function createParserHandler(send: (message: ParserResponse) => void) {
  let rows: UploadRow[] = [];
  return async (request: ParserRequest): Promise<void> => {
    if (request.type === 'rows') {
      send({ type: 'rows', requestId: request.requestId, rows: rows.slice(request.start, request.end) });
      return;
    }
    rows = [];
    let lastPercent = -1;
    try {
      const result = await parseConversionFile(request.file, {
        onProgress: (loaded, total) => {
          const percent = percentOf(loaded, total);
          if (percent === lastPercent) return;
          lastPercent = percent;
          send({ type: 'progress', loaded, total });
        },
      });
      if (result.status === 'invalid') {
        send({ type: 'invalid', ...(result.skipped ? { skipped: result.skipped } : {}) });
        return;
      }
      // The preview shows the file's first rows as written; the upload sends them grouped by date and campaign.
      rows = inUploadOrder(result.rows);
      send({
        type: 'parsed',
        summary: {
          preview: result.rows.slice(0, PREVIEW_ROWS),
          rowCount: rows.length,
          uniqueDates: result.uniqueDates,
          skipped: result.skipped,
        },
      });
    } catch (error) {
      send({ type: 'failed', message: error instanceof Error ? error.message : 'The file could not be read.' });
    }
  };
}
