import type { RouteAccess, RouteMetadata } from './access';

/**
 * The columns of a CSV download, in the file's order: its header line. The contract names them once; the API's
 * writers give a value for each (`csvColumns` of apps/api/src/shared/csv.ts), and a mock's example of the
 * download is the header line alone.
 */
export type CsvColumnNames = readonly string[];

/** A CSV download's metadata: how it authenticates and the columns of its file. */
export interface CsvDownloadMetadata extends RouteMetadata {
  csvColumns: CsvColumnNames;
}

export const csvDownloadMetadata = (access: RouteAccess, csvColumns: CsvColumnNames): CsvDownloadMetadata => ({
  access,
  csvColumns,
});

/** The columns a route's CSV download writes (its `metadata.csvColumns`); undefined for any other route. */
export function csvColumnsOf(route: { metadata?: unknown } | undefined): CsvColumnNames | undefined {
  const columns = (route?.metadata as Partial<CsvDownloadMetadata> | undefined)?.csvColumns;
  return Array.isArray(columns) ? columns : undefined;
}

/**
 * The header line of a file with these columns, as the API writes it (RFC 4180: comma separated, CRLF). Column
 * names are plain identifiers, so none needs quoting.
 */
export function csvHeaderLine(columns: CsvColumnNames): string {
  return `${columns.join(',')}\r\n`;
}
