import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvBatchStream, csvLine, csvStream, escapeCsvCell, formatDecimal, type CsvColumn } from './csv';

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

interface Row {
  name: string;
  amount: number;
}
const columns: CsvColumn<Row>[] = [
  { header: 'NAME', value: (row) => row.name },
  { header: 'AMOUNT', value: (row) => formatDecimal(row.amount, 6) },
];

describe('escapeCsvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('quotes per RFC 4180: %j', (cell, expected) => {
    expect(escapeCsvCell(cell)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['=1,2', `"'=1,2"`],
  ])('neutralises a text cell that a spreadsheet would run as a formula: %j', (cell, expected) => {
    expect(escapeCsvCell(cell)).toBe(expected);
  });

  it('writes numbers as numbers (a negative amount is not text) and empty cells for null and non-finite values', () => {
    expect(escapeCsvCell(-1.5)).toBe('-1.5');
    expect(escapeCsvCell(42)).toBe('42');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(Number.NaN)).toBe('');
    expect(escapeCsvCell(true)).toBe('true');
  });
});

describe('csvLine and formatDecimal', () => {
  it('joins escaped cells with commas and ends the line with CRLF', () => {
    expect(csvLine(['a', 'b,c', 3])).toBe('a,"b,c",3\r\n');
  });

  it('rounds to a fixed number of decimals', () => {
    expect(formatDecimal(1 / 3, 6)).toBe('0.333333');
    expect(formatDecimal(2 / 3, 7)).toBe('0.6666667');
    expect(formatDecimal(5, 6)).toBe('5.000000');
  });
});

describe('csv streams', () => {
  it('writes the header row first, then one line per row', async () => {
    const out = await text(
      csvStream(
        [
          { name: 'Nautica', amount: 1.23456789 },
          { name: '=cmd', amount: 0 },
        ],
        columns,
      ),
    );
    expect(out).toBe("NAME,AMOUNT\r\nNautica,1.234568\r\n'=cmd,0.000000\r\n");
  });

  it('writes the header row alone when there are no rows', async () => {
    expect(await text(csvStream([], columns))).toBe('NAME,AMOUNT\r\n');
  });

  it('streams from an async source without collecting it', async () => {
    let produced = 0;
    async function* rows(): AsyncGenerator<Row[]> {
      for (let i = 0; i < 10_000; i += 1) {
        produced += 1;
        yield [{ name: `m${i}`, amount: i }];
      }
    }
    const stream = csvBatchStream(rows(), columns);
    const reader = stream[Symbol.asyncIterator]();
    const first = await reader.next();
    // Back-pressure: after the first chunk only a bounded part of the source has been read.
    expect(produced).toBeLessThan(10_000);
    // The first chunk holds many lines (text is handed on in ~64 KB pieces): count them too.
    let lines = String(first.value).split('\r\n').length - 1;
    for await (const chunk of { [Symbol.asyncIterator]: () => reader }) lines += String(chunk).split('\r\n').length - 1;
    expect(produced).toBe(10_000);
    expect(lines).toBeGreaterThan(9_000);
  });

  it('fails the stream when the source fails', async () => {
    async function* failing(): AsyncGenerator<Row[]> {
      yield [{ name: 'a', amount: 1 }];
      throw new Error('database went away');
    }
    await expect(text(csvBatchStream(failing(), columns))).rejects.toThrow('database went away');
  });

  it('takes batches from a plain (not async) iterable', async () => {
    const out = text(csvBatchStream([[{ name: 'x', amount: 2 }]], columns));
    expect(await out).toBe('NAME,AMOUNT\r\nx,2.000000\r\n');
  });
});

describe('csvBatchStream', () => {
  async function* batches(...groups: Row[][]): AsyncGenerator<Row[]> {
    for (const group of groups) yield group;
  }

  it('writes the header, then every row of every batch, escaped and neutralised', async () => {
    const out = await text(
      csvBatchStream(batches([{ name: '=cmd', amount: 1 }], [], [{ name: 'a,b', amount: 0.1234567 }]), columns),
    );
    expect(out).toBe('NAME,AMOUNT\r\n\'=cmd,1.000000\r\n"a,b",0.123457\r\n');
  });

  it('writes only the header when there are no rows', async () => {
    expect(await text(csvBatchStream(batches(), columns))).toBe('NAME,AMOUNT\r\n');
  });

  it('hands the text on in bounded pieces', async () => {
    const day = Array.from({ length: 10_000 }, (_, index) => ({ name: `merchant ${index}`, amount: index }));
    const sizes: number[] = [];
    for await (const chunk of csvBatchStream(batches(day, day), columns)) sizes.push(String(chunk).length);
    expect(sizes.length).toBeGreaterThan(5);
    expect(Math.max(...sizes)).toBeLessThan(64 * 1024 + 100);
  });

  it('fails the stream when the source fails midway', async () => {
    async function* failing(): AsyncGenerator<Row[]> {
      yield [{ name: 'first', amount: 1 }];
      throw new Error('cursor lost');
    }
    await expect(text(csvBatchStream(failing(), columns))).rejects.toThrow('cursor lost');
  });
});
