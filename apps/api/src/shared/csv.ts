import { Readable } from 'node:stream';
import type { Response } from 'express';

/**
 * CSV writing for downloads: RFC 4180 (comma separated, CRLF line ends, a field is quoted when it holds a
 * comma, a quote or a line break, quotes doubled), a header row first, and text cells neutralised against
 * formula injection. Streams a batch of rows at a time, so memory does not grow with the file.
 */

/** A cell: text is escaped and neutralised; a number is written as given (format it first for rounding). */
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/**
 * The writer of a download whose columns the contract names (`metadata.csvColumns` of its route): a value for
 * each of them, written in the contract's order. A column the contract lacks, or one it names that has no value
 * here, does not compile, so the file and the mocks' example of it never drift apart.
 */
export function csvColumns<const THeader extends string, T>(
  headers: readonly THeader[],
  values: { [K in NoInfer<THeader>]: (row: T) => CsvCell },
): CsvColumn<T>[] {
  return headers.map((header) => ({ header, value: values[header] }));
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
  if (cell.length === 0) return cell;
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(escapeCsvCell).join(',')}\r\n`;
}

/** The line of one row (what `csvLine` of its column values gives, without the arrays in between). */
function rowLine<T>(columns: readonly CsvColumn<T>[], row: T): string {
  let line = '';
  for (let index = 0; index < columns.length; index += 1) {
    if (index > 0) line += ',';
    line += escapeCsvCell((columns[index] as CsvColumn<T>).value(row));
  }
  return `${line}\r\n`;
}

/** Fixed decimals for a money or ratio column ("rounding like the screen"). */
export function formatDecimal(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '';
}

/** Text is handed to the response in pieces of about this size. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A CSV stream over batches of rows (a saved day each): the header first (alone when there are no rows), then
 * the text in ~64 KB pieces. Pulled only as fast as the client reads, so memory holds one batch and one piece
 * whatever the file size; an error in the source destroys the stream with it.
 */
export function csvBatchStream<T>(
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  columns: readonly CsvColumn<T>[],
): Readable {
  async function* text(): AsyncGenerator<string> {
    let piece = csvLine(columns.map((column) => column.header));
    for await (const batch of batches) {
      for (const row of batch) {
        piece += rowLine(columns, row);
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

/** A CSV stream over rows already in memory (one batch). */
export function csvStream<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): Readable {
  return csvBatchStream([rows], columns);
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
