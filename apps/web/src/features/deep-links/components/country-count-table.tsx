import type { CountryCount } from '@publisher/contract';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatCount } from '../../../lib/format';
import { countryLabel } from '../lib/countries';

const COLUMNS: readonly DataColumn<CountryCount>[] = [
  { key: 'country', priority: 'identity', header: 'Country', cell: (row) => countryLabel(row.country) },
  { key: 'count', priority: 'key', header: 'Count', cell: (row) => formatCount(row.count), align: 'right' },
];

interface CountryCountTableProps {
  rows: readonly CountryCount[];
  isLoading: boolean;
}

/** The per-country merchant counts beside a merchant list (part 2 §2: "a second table lists Country and Count"). */
export function CountryCountTable({ rows, isLoading }: CountryCountTableProps) {
  return (
    <section aria-labelledby="country-counts-heading" className="space-y-3">
      <h2 id="country-counts-heading" className="text-base font-semibold text-slate-900">
        Merchants per country
      </h2>
      <DataTable
        caption="Merchants per country"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.country}
        isLoading={isLoading}
        emptyMessage="No merchants."
        maxHeight={500}
      />
    </section>
  );
}
