import type { UploadRow } from '@publisher/contract';
import Papa from 'papaparse';
import { applyQuoteRule, convertRow, readHeader, type ColumnIndex, type SkipReason } from './conversion-csv';

/** How much of the file is read, decoded and parsed at a time: bounded memory whatever the file's size. */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

export interface ParseOptions {
  chunkBytes?: number;
  /** Bytes read so far and the file's size, after every chunk. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface ParsedConversionFile {
  status: 'valid';
  rows: UploadRow[];
  /** The distinct report dates, ascending (part 2 §3 "Upload payload"). */
  uniqueDates: string[];
  skipped: Record<SkipReason, number>;
}

/**
 * Why a file is refused: its header (`skipped` undefined), or no data row it could keep (`skipped` counts why each
 * row was left out; all zero for a file with no data rows).
 */
export interface InvalidConversionFile {
  status: 'invalid';
  skipped?: Record<SkipReason, number>;
}

export type ConversionFileResult = ParsedConversionFile | InvalidConversionFile;

/**
 * Reads a conversion CSV in chunks (streaming, so a 50 MB file never sits in memory as one string), splits it
 * into lines, applies the quote rule to each raw line and lets papaparse split the cells, then keeps the rows the
 * rules of part 2 §5 accept. A wrong header, or a file without a single kept date, is `invalid`.
 */
export async function parseConversionFile(file: Blob, options: ParseOptions = {}): Promise<ConversionFileResult> {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const decoder = new TextDecoder('utf-8');
  const rows: UploadRow[] = [];
  const dates = new Set<string>();
  const skipped: Record<SkipReason, number> = { dateMismatch: 0, invalid: 0 };
  let columns: ColumnIndex | null = null;
  let hasHeader = false;
  let carry = '';

  /** Parses complete lines; returns false when the header fails its checks. */
  const consume = (block: string): boolean => {
    const lines = block.split('\n');
    const prepared: string[] = [];
    for (const rawLine of lines) {
      const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
      if (line.trim() === '') continue;
      prepared.push(applyQuoteRule(line));
    }
    if (prepared.length === 0) return true;
    const parsed = Papa.parse<string[]>(prepared.join('\n'), { delimiter: ',', skipEmptyLines: true });
    for (const cells of parsed.data) {
      if (!hasHeader) {
        hasHeader = true;
        columns = readHeader(cells);
        if (!columns) return false;
        continue;
      }
      if (!columns) return false;
      const outcome = convertRow(cells, columns);
      if (outcome.kind === 'row') {
        rows.push(outcome.row);
        dates.add(outcome.row.FROM_DATE);
      } else {
        skipped[outcome.reason] += 1;
      }
    }
    return true;
  };

  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    const end = Math.min(file.size, offset + chunkBytes);
    const isLast = end >= file.size;
    const text = carry + decoder.decode(await file.slice(offset, end).arrayBuffer(), { stream: !isLast });
    const lastNewline = text.lastIndexOf('\n');
    const complete = isLast ? text : lastNewline < 0 ? '' : text.slice(0, lastNewline);
    carry = isLast ? '' : lastNewline < 0 ? text : text.slice(lastNewline + 1);
    if (!consume(complete)) return { status: 'invalid' };
    options.onProgress?.(end, file.size);
  }

  if (!hasHeader) return { status: 'invalid' };
  if (dates.size === 0) return { status: 'invalid', skipped };
  return { status: 'valid', rows, uniqueDates: [...dates].sort(), skipped };
}
