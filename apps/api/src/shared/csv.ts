import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { Response } from 'express';

/**
 * CSV writing for downloads: RFC 4180 (comma separated, CRLF line ends, a field is quoted when it holds a
 * comma, a quote or a line break, quotes doubled), a header row first, and text cells neutralised against
 * formula injection. Streams row by row, so memory does not grow with the file.
 */

/** A cell: text is escaped and neutralised; a number is written as given (format it first for rounding). */
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): =, +, -, @, and tab
 * or carriage return at the start. Such text cells get a leading single quote, so they show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, escaped. Numbers are not neutralised: a negative amount stays a number. */
export function escapeCsvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(escapeCsvCell).join(',')}\r\n`;
}

/** Fixed decimals for a money or ratio column ("rounding like the screen"). */
export function formatDecimal(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '';
}

/** Object rows in, CSV text out; the header row leaves first, even when no row follows. */
export function createCsvTransform<T>(columns: readonly CsvColumn<T>[]): Transform {
  let hasHeader = false;
  const header = (): string => {
    hasHeader = true;
    return csvLine(columns.map((column) => column.header));
  };
  return new Transform({
    writableObjectMode: true,
    readableObjectMode: false,
    transform(row: T, _encoding: BufferEncoding, callback: TransformCallback) {
      const prefix = hasHeader ? '' : header();
      callback(null, prefix + csvLine(columns.map((column) => column.value(row))));
    },
    flush(callback: TransformCallback) {
      callback(null, hasHeader ? undefined : header());
    },
  });
}

/** A CSV stream over any (async) iterable of rows; an error in the source destroys the stream with it. */
export function csvStream<T>(rows: AsyncIterable<T> | Iterable<T>, columns: readonly CsvColumn<T>[]): Readable {
  const source = Readable.from(rows, { objectMode: true });
  const csv = createCsvTransform(columns);
  source.once('error', (error) => csv.destroy(error));
  csv.once('close', () => source.destroy());
  return source.pipe(csv);
}

/** Text is handed to the response in pieces of about this size. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A CSV stream over batches of rows (a saved day each): the header first, then the text in ~64 KB pieces.
 * Pulled only as fast as the client reads, so memory holds one batch and one piece whatever the file size;
 * an error in the source destroys the stream with it.
 */
export function csvBatchStream<T>(batches: AsyncIterable<readonly T[]>, columns: readonly CsvColumn<T>[]): Readable {
  async function* text(): AsyncGenerator<string> {
    let piece = csvLine(columns.map((column) => column.header));
    for await (const batch of batches) {
      for (const row of batch) {
        piece += csvLine(columns.map((column) => column.value(row)));
        if (piece.length >= CHUNK_CHARS) {
          yield piece;
          piece = '';
        }
      }
    }
    if (piece.length > 0) yield piece;
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * Prepares a response for a streamed download: content type, `Content-Disposition` with the file name, and
 * the wiring that stops reading when the client goes away and cuts the response if the source fails midway
 * (a truncated file then fails in the browser instead of looking complete).
 */
export function prepareCsvDownload(res: Response, fileName: string, stream: Readable): Readable {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.once('close', () => stream.destroy());
  stream.once('error', (error) => res.destroy(error));
  return stream;
}
