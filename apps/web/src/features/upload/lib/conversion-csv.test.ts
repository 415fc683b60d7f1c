import { describe, expect, it } from 'vitest';
import { csvLine, GOOD_HEADER } from '../testing/conversion-csv-fixtures';
import {
  inUploadOrder,
  applyQuoteRule,
  campaignIdOf,
  chunkRanges,
  convertRow,
  decimalOf,
  integerOf,
  readHeader,
  reportDateOf,
  stripCampaignPrefix,
} from './conversion-csv';

const columnsOf = (header: string) => readHeader(header.split(','));

describe('readHeader (part 2 §5)', () => {
  const cases: [string, string, boolean][] = [
    ['the expected header', GOOD_HEADER, true],
    ['a byte-order mark and spaces', `\uFEFF${GOOD_HEADER.replace(/,/g, ' , ')}`, true],
    ['not starting with FROM_DATE', GOOD_HEADER.replace('FROM_DATE,TO_DATE', 'TO_DATE,FROM_DATE'), false],
    ['CONVERSION_RATE not tenth', GOOD_HEADER.replace('EARNINGS,CONVERSION_RATE', 'CONVERSION_RATE,EARNINGS'), false],
    ['CPC not eleventh', GOOD_HEADER.replace('CPC,AOV', 'AOV,CPC'), false],
    [
      'SALES_COUNT not thirteenth',
      `${GOOD_HEADER},EXTRA`.replace('AOV,SALES_COUNT,EXTRA', 'AOV,EXTRA,SALES_COUNT'),
      false,
    ],
    ['a needed column missing', GOOD_HEADER.replace('PLACEMENT_ID', 'PLACEMENT'), false],
    ['lower-case names', GOOD_HEADER.toLowerCase(), false],
    [
      'only ten columns',
      'FROM_DATE,TO_DATE,CAMPAIGN_ID,PLACEMENT_ID,CLICKS,SALES_COUNT,SALES,EARNINGS,CONVERSION_RATE,CPC',
      false,
    ],
  ];
  it.each(cases)('%s -> valid %s', (_name, header, isValid) => {
    expect(columnsOf(header) !== null).toBe(isValid);
  });

  it('finds each column by its name', () => {
    expect(columnsOf(GOOD_HEADER)).toEqual({
      FROM_DATE: 0,
      TO_DATE: 1,
      CAMPAIGN_ID: 2,
      PLACEMENT_ID: 4,
      CLICKS: 6,
      SALES: 7,
      EARNINGS: 8,
      CONVERSION_RATE: 9,
      CPC: 10,
      SALES_COUNT: 12,
    });
  });
});

describe('applyQuoteRule', () => {
  it.each([
    ['no quotes', 'a,b,c', 'a,b,c'],
    ['two quotes: cut at the first comma', 'a,"Acme, Inc, Ltd",c', 'a,Acme,c'],
    ['two quotes without a comma', 'a,"Acme",c', 'a,Acme,c'],
    ['two quotes at the end', '2026-03-01,"1,234"', '2026-03-01,1'],
    ['four quotes: left to the parser', 'a,"x,y","z,w"', 'a,"x,y","z,w"'],
    ['one quote: left to the parser', 'a,"b,c', 'a,"b,c'],
  ])('%s', (_name, line, expected) => {
    expect(applyQuoteRule(line)).toBe(expected);
  });
});

describe('campaignIdOf: CAMPAIGN_ID reduced to digits', () => {
  it.each([
    ['5029', 5029],
    ['CMP-5029', 5029],
    [' c5-0-29 ', 5029],
    ['abc', null],
    ['', null],
    ['0', null],
  ])('%j -> %j', (value, expected) => {
    expect(campaignIdOf(value)).toBe(expected);
  });
});

describe('stripCampaignPrefix', () => {
  it.each([
    ['CMP-5029_home', 'CMP-5029', 5029, 'home'],
    ['5029_home', 'CMP-5029', 5029, 'home'],
    ['5029-home', '5029', 5029, 'home'],
    ['home', '5029', 5029, 'home'],
    ['5029', '5029', 5029, '5029'],
    ['50291', '5029', 5029, '50291'],
    [' 5029_side ', '5029', 5029, 'side'],
  ])('%j with campaign %j -> %j', (placement, raw, campaign, expected) => {
    expect(stripCampaignPrefix(placement, raw, campaign)).toBe(expected);
  });
});

describe('reportDateOf', () => {
  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026/3/1', '2026-03-01'],
    ['2026-03-01 00:00:00', '2026-03-01'],
    ['3/1/2026', '2026-03-01'],
    ['2026-02-30', null],
    ['01-03-2026', null],
    ['', null],
  ])('%j -> %j', (value, expected) => {
    expect(reportDateOf(value)).toBe(expected);
  });
});

describe('integer and decimal columns', () => {
  it.each([
    ['12', 12],
    ['12.0', 12],
    ['', 0],
    ['12.5', null],
    ['-3', null],
    ['1e3', null],
    ['x', null],
  ])('integerOf(%j) -> %j', (value, expected) => {
    expect(integerOf(value)).toBe(expected);
  });

  it.each([
    ['12.25', 12.25],
    ['$12.25', 12.25],
    ['2.5%', 2.5],
    ['.5', 0.5],
    ['7', 7],
    ['', 0],
    ['-1', null],
    ['1,234.5', null],
    ['abc', null],
  ])('decimalOf(%j) -> %j', (value, expected) => {
    expect(decimalOf(value)).toBe(expected);
  });
});

describe('convertRow', () => {
  const columns = columnsOf(GOOD_HEADER);
  if (!columns) throw new Error('the fixture header must pass');
  const convert = (line: string) => convertRow(line.split(','), columns);

  it('builds the contract row with every rule applied', () => {
    expect(convert(csvLine())).toEqual({
      kind: 'row',
      row: {
        FROM_DATE: '2026-03-01',
        TO_DATE: '2026-03-01',
        CAMPAIGN_ID: 5029,
        PLACEMENT_ID: 'home',
        CLICKS: 120,
        SALES_COUNT: 3,
        SALES: 240.5,
        EARNINGS: 12.25,
        CONVERSION_RATE: 2.5,
        CPC: 0.1021,
      },
    });
  });

  it.each([
    ['FROM_DATE differs from TO_DATE', csvLine({ to: '2026-03-02' }), 'dateMismatch'],
    ['an unreadable date', csvLine({ from: 'yesterday' }), 'invalid'],
    ['a campaign without digits', csvLine({ campaign: 'none' }), 'invalid'],
    ['fractional clicks', csvLine({ clicks: '1.5' }), 'invalid'],
    ['negative earnings', csvLine({ earnings: '-2' }), 'invalid'],
    ['a word as CPC', csvLine({ cpc: 'n/a' }), 'invalid'],
    // The contract's bounds: the 1.7e308 sales amount, and clicks past a billion.
    ['sales of 1.7e308 (over MAX_REPORT_AMOUNT)', csvLine({ sales: '170000000000000000000000000000' }), 'invalid'],
    ['clicks over MAX_REPORT_COUNT', csvLine({ clicks: '1000000001' }), 'invalid'],
    ['a missing SALES_COUNT cell', csvLine().split(',').slice(0, 12).join(','), 'row'],
  ])('%s -> %s', (_name, line, expected) => {
    const outcome = convert(line);
    expect(outcome.kind === 'row' ? 'row' : outcome.reason).toBe(expected);
  });
});

describe('chunkRanges', () => {
  it('covers every row once in chunks of at most the size', () => {
    expect(chunkRanges(5, 2)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 5 },
    ]);
    expect(chunkRanges(0, 2)).toEqual([]);
  });
});

describe('inUploadOrder', () => {
  const row = (FROM_DATE: string, CAMPAIGN_ID: number, PLACEMENT_ID: string) => ({
    FROM_DATE,
    TO_DATE: FROM_DATE,
    CAMPAIGN_ID,
    PLACEMENT_ID,
    CLICKS: 1,
    SALES_COUNT: 0,
    SALES: 0,
    EARNINGS: 0,
    CONVERSION_RATE: 0,
    CPC: 0,
  });

  it('groups the rows by date, then campaign, keeping the file order within a (campaign, date)', () => {
    const rows = [
      row('2026-11-02', 5040, 'a'),
      row('2026-11-01', 5040, 'b'),
      row('2026-11-02', 5001, 'c'),
      row('2026-11-01', 5001, 'd'),
      row('2026-11-02', 5040, 'e'),
    ];
    expect(inUploadOrder(rows).map((entry) => entry.PLACEMENT_ID)).toEqual(['d', 'b', 'c', 'a', 'e']);
    // The rows given are left as they were (the preview shows the file's order).
    expect(rows.map((entry) => entry.PLACEMENT_ID)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
