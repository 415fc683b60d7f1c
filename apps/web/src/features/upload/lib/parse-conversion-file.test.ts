import { describe, expect, it } from 'vitest';
import { csvFile, csvLine, GOOD_HEADER } from '../testing/conversion-csv-fixtures';
import { parseConversionFile } from './parse-conversion-file';

interface FileCase {
  name: string;
  lines: string[];
  expected:
    | { status: 'invalid'; skipped?: { dateMismatch: number; invalid: number } }
    | { status: 'valid'; rowCount: number; uniqueDates: string[]; dateMismatch: number; invalid: number };
}

const files: FileCase[] = [
  {
    name: 'a good file with two dates',
    lines: [GOOD_HEADER, csvLine(), csvLine({ from: '2026-03-02', to: '2026-03-02' }), csvLine()],
    expected: { status: 'valid', rowCount: 3, uniqueDates: ['2026-03-01', '2026-03-02'], dateMismatch: 0, invalid: 0 },
  },
  {
    name: 'range rows are left out',
    lines: [GOOD_HEADER, csvLine(), csvLine({ to: '2026-03-07' })],
    expected: { status: 'valid', rowCount: 1, uniqueDates: ['2026-03-01'], dateMismatch: 1, invalid: 0 },
  },
  {
    name: 'bad rows are counted, good ones kept',
    lines: [GOOD_HEADER, csvLine({ clicks: 'many' }), csvLine(), '', csvLine({ campaign: 'x' })],
    expected: { status: 'valid', rowCount: 1, uniqueDates: ['2026-03-01'], dateMismatch: 0, invalid: 2 },
  },
  {
    name: 'a quoted merchant with commas is cut and the row still reads',
    lines: [GOOD_HEADER, csvLine({ merchant: '"Acme, Inc, Ltd"' })],
    expected: { status: 'valid', rowCount: 1, uniqueDates: ['2026-03-01'], dateMismatch: 0, invalid: 0 },
  },
  { name: 'a wrong header', lines: [GOOD_HEADER.replace('CPC', 'COST'), csvLine()], expected: { status: 'invalid' } },
  // A good header and no row kept: why each row was left out (none, for a header alone).
  {
    name: 'only a header',
    lines: [GOOD_HEADER],
    expected: { status: 'invalid', skipped: { dateMismatch: 0, invalid: 0 } },
  },
  {
    name: 'no date kept',
    lines: [GOOD_HEADER, csvLine({ to: '2026-03-09' }), csvLine({ clicks: 'x' })],
    expected: { status: 'invalid', skipped: { dateMismatch: 1, invalid: 1 } },
  },
  { name: 'an empty file', lines: [], expected: { status: 'invalid' } },
  { name: 'not a CSV at all', lines: ['<html><body>hello</body></html>'], expected: { status: 'invalid' } },
];

describe('parseConversionFile over good and bad files', () => {
  it.each(files)('$name', async ({ lines, expected }) => {
    const result = await parseConversionFile(csvFile(lines));
    if (expected.status === 'invalid') {
      expect(result).toEqual(expected);
      return;
    }
    expect(result.status).toBe('valid');
    if (result.status !== 'valid') return;
    expect({
      status: result.status,
      rowCount: result.rows.length,
      uniqueDates: result.uniqueDates,
      dateMismatch: result.skipped.dateMismatch,
      invalid: result.skipped.invalid,
    }).toEqual(expected);
  });

  it('reads a file in small chunks with CRLF line ends, a line split across chunks and multi-byte text', async () => {
    const lines = [
      GOOD_HEADER,
      ...Array.from({ length: 40 }, (_, day) =>
        csvLine({
          merchant: 'Café Ünïcode',
          from: `2026-01-${String((day % 28) + 1).padStart(2, '0')}`,
          to: `2026-01-${String((day % 28) + 1).padStart(2, '0')}`,
        }),
      ),
    ];
    const file = new File([lines.join('\r\n')], 'crlf.csv');
    const progress: number[] = [];
    const result = await parseConversionFile(file, { chunkBytes: 37, onProgress: (loaded) => progress.push(loaded) });
    expect(result.status).toBe('valid');
    if (result.status !== 'valid') return;
    expect(result.rows).toHaveLength(40);
    expect(result.uniqueDates).toHaveLength(28);
    expect(result.rows[0]?.PLACEMENT_ID).toBe('home');
    expect(progress.at(-1)).toBe(file.size);
    expect(progress.length).toBeGreaterThan(10);
  });

  it('stops at a wrong header without reading the rest of the file', async () => {
    const progress: number[] = [];
    const lines = [GOOD_HEADER.replace('FROM_DATE', 'DATE'), ...Array.from({ length: 100 }, () => csvLine())];
    const result = await parseConversionFile(csvFile(lines), {
      chunkBytes: 200,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(result).toEqual({ status: 'invalid' });
    expect(progress.length).toBeLessThan(3);
  });
});
