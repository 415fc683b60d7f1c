import { isIsoDate, type UploadRow, uploadRowSchema } from '@publisher/contract';

/**
 * The pure rules of part 2 §5 "Conversion CSV", one function per rule, so the worker, the tests and anything else
 * apply them the same way. Nothing here reads a file or knows about workers.
 */

/** Part 2 §5 and §8: the one message for a file that is not a conversion report. */
export const INVALID_REPORT_MESSAGE = 'Please upload valid report.';

/** The columns a parsed row is built from (part 2 §3 "Conversion CSV columns"). */
export const CONVERSION_COLUMNS = [
  'FROM_DATE',
  'TO_DATE',
  'CAMPAIGN_ID',
  'PLACEMENT_ID',
  'CLICKS',
  'SALES_COUNT',
  'SALES',
  'EARNINGS',
  'CONVERSION_RATE',
  'CPC',
] as const;
export type ConversionColumn = (typeof CONVERSION_COLUMNS)[number];

/**
 * The header checks of part 2 §5, 0-based: it starts with FROM_DATE, the tenth column is CONVERSION_RATE, the
 * eleventh CPC and the thirteenth SALES_COUNT.
 */
export const REQUIRED_HEADER_POSITIONS: readonly (readonly [number, ConversionColumn])[] = [
  [0, 'FROM_DATE'],
  [9, 'CONVERSION_RATE'],
  [10, 'CPC'],
  [12, 'SALES_COUNT'],
];

/** Where each needed column sits in the file. */
export type ColumnIndex = Readonly<Record<ConversionColumn, number>>;

/** Why a data row was left out of the upload. */
export type SkipReason = 'dateMismatch' | 'invalid';

export type RowOutcome = { kind: 'row'; row: UploadRow } | { kind: 'skipped'; reason: SkipReason };

const cleanHeaderCell = (cell: string) => cell.replace(/^\uFEFF/, '').trim();

/**
 * Reads the header line's cells: the column positions when the header passes the checks of part 2 §5 and names
 * every column a row needs, else null ("Please upload valid report.").
 */
export function readHeader(cells: readonly string[]): ColumnIndex | null {
  const names = cells.map(cleanHeaderCell);
  for (const [position, name] of REQUIRED_HEADER_POSITIONS) {
    if (names[position] !== name) return null;
  }
  const index: Partial<Record<ConversionColumn, number>> = {};
  for (const column of CONVERSION_COLUMNS) {
    const position = names.indexOf(column);
    if (position < 0) return null;
    index[column] = position;
  }
  return index as ColumnIndex;
}

/**
 * Part 2 §5: "a row with two quote characters has its quoted value cut at the first comma". Applied to the raw
 * line before it is split into cells, as the rule is written; any other number of quotes leaves the line to the
 * CSV parser's ordinary quoting.
 */
export function applyQuoteRule(line: string): string {
  const first = line.indexOf('"');
  if (first < 0) return line;
  const second = line.indexOf('"', first + 1);
  if (second < 0 || line.indexOf('"', second + 1) >= 0) return line;
  const quoted = line.slice(first + 1, second);
  const comma = quoted.indexOf(',');
  const kept = comma < 0 ? quoted : quoted.slice(0, comma);
  return `${line.slice(0, first)}${kept}${line.slice(second + 1)}`;
}

/** Part 2 §3: CAMPAIGN_ID reduced to its digits ('CMP-5029' -> 5029); null when there are none. */
export function campaignIdOf(value: string): number | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return null;
  const campaignId = Number(digits);
  return Number.isSafeInteger(campaignId) && campaignId > 0 ? campaignId : null;
}

/**
 * Part 2 §3: PLACEMENT_ID stripped of its campaign prefix. The prefix is the campaign id as the file writes it or
 * as digits ('CMP-5029_home' or '5029_home' with campaign 'CMP-5029' -> 'home'), plus one separator (_ - . : or
 * a space). A placement id that is only the prefix, or has none, is kept as it is.
 */
export function stripCampaignPrefix(placementId: string, rawCampaignId: string, campaignId: number): string {
  const placement = placementId.trim();
  const prefixes = [rawCampaignId.trim(), String(campaignId)].filter((prefix) => prefix.length > 0);
  for (const prefix of prefixes) {
    if (placement.length > prefix.length && placement.startsWith(prefix)) {
      const rest = placement.slice(prefix.length);
      const withoutSeparator = rest.replace(/^[_\-.:\s]/, '');
      if (withoutSeparator.length > 0 && withoutSeparator !== rest) return withoutSeparator;
    }
  }
  return placement;
}

const ISO_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s].*)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/;

/**
 * A report date as YYYY-MM-DD. Files write `2026-03-01`, `2026/03/01`, `2026-03-01 00:00:00` or the US
 * `3/1/2026`; anything else, or a day that does not exist, is null.
 */
export function reportDateOf(value: string): string | null {
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  const us = iso ? null : US_DATE.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isIsoDate(date) ? date : null;
}

/** Money and rate cells may carry a currency sign, a percent sign or spaces; an empty cell is zero. */
const numberText = (value: string) => value.trim().replace(/^\$/, '').replace(/%$/, '').trim();

/** Part 2 §3: CLICKS and SALES_COUNT are whole numbers, never negative. */
export function integerOf(value: string): number | null {
  const text = numberText(value);
  if (text === '') return 0;
  if (!/^\d+(\.0+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
}

/** Part 2 §3: SALES, EARNINGS, CONVERSION_RATE and CPC are decimals, never negative. */
export function decimalOf(value: string): number | null {
  const text = numberText(value);
  if (text === '') return 0;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** The longest PLACEMENT_ID the server keeps (the contract's upload row). */
const MAX_PLACEMENT_LENGTH = 100;

/**
 * One data row: kept only when FROM_DATE equals TO_DATE (part 2 §5), with every column converted; a row with a
 * cell that cannot be read is left out as invalid rather than sent half-right.
 */
export function convertRow(cells: readonly string[], columns: ColumnIndex): RowOutcome {
  const cell = (column: ConversionColumn) => cells[columns[column]] ?? '';
  const fromDate = reportDateOf(cell('FROM_DATE'));
  const toDate = reportDateOf(cell('TO_DATE'));
  if (!fromDate || !toDate) return { kind: 'skipped', reason: 'invalid' };
  if (fromDate !== toDate) return { kind: 'skipped', reason: 'dateMismatch' };

  const rawCampaignId = cell('CAMPAIGN_ID');
  const campaignId = campaignIdOf(rawCampaignId);
  const clicks = integerOf(cell('CLICKS'));
  const salesCount = integerOf(cell('SALES_COUNT'));
  const sales = decimalOf(cell('SALES'));
  const earnings = decimalOf(cell('EARNINGS'));
  const conversionRate = decimalOf(cell('CONVERSION_RATE'));
  const cpc = decimalOf(cell('CPC'));
  if (
    campaignId === null ||
    clicks === null ||
    salesCount === null ||
    sales === null ||
    earnings === null ||
    conversionRate === null ||
    cpc === null
  ) {
    return { kind: 'skipped', reason: 'invalid' };
  }
  const placementId = stripCampaignPrefix(cell('PLACEMENT_ID'), rawCampaignId, campaignId);
  if (placementId.length > MAX_PLACEMENT_LENGTH) return { kind: 'skipped', reason: 'invalid' };
  const row: UploadRow = {
    FROM_DATE: fromDate,
    TO_DATE: toDate,
    CAMPAIGN_ID: campaignId,
    PLACEMENT_ID: placementId,
    CLICKS: clicks,
    SALES_COUNT: salesCount,
    SALES: sales,
    EARNINGS: earnings,
    CONVERSION_RATE: conversionRate,
    CPC: cpc,
  };
  // The contract's bounds (MAX_REPORT_AMOUNT, MAX_REPORT_COUNT): a row the API would refuse is left out here.
  return uploadRowSchema.safeParse(row).success ? { kind: 'row', row } : { kind: 'skipped', reason: 'invalid' };
}

/** Splits rows into chunks of at most `size` (the upload sends one request per chunk). */
export function chunkRanges(total: number, size: number): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (let start = 0; start < total; start += size) ranges.push({ start, end: Math.min(total, start + size) });
  return ranges;
}

/**
 * The rows in the order the upload sends them: by date, then campaign (stable within a pair). Each chunk then
 * holds a few (campaign, date) days, and the API rewrites only those: a file that lists its dates in turn (every
 * date in each stretch of 2,000 rows) made every chunk rewrite every day of the file.
 */
export function inUploadOrder(rows: readonly UploadRow[]): UploadRow[] {
  return [...rows].sort((a, b) =>
    a.FROM_DATE === b.FROM_DATE ? a.CAMPAIGN_ID - b.CAMPAIGN_ID : a.FROM_DATE < b.FROM_DATE ? -1 : 1,
  );
}
