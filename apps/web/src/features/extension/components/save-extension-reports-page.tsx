import { DATE_RANGE_MESSAGES, type SavedExtensionDay } from '@publisher/contract';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { DateRangeInputs } from '../../../components/ui/date-range-inputs';
import { FormSuccess } from '../../../components/ui/form-success';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { fieldLabel } from '../../../lib/field-label';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useSaveExtensionReports } from '../api/use-save-extension-reports';
import { useSavedExtensionReports } from '../api/use-saved-extension-reports';
import { yesterdayUtc } from '../../../lib/dates';

interface SaveExtensionReportsPageProps {
  /** The default start and end (yesterday, UTC); tests fix it. */
  initialDate?: string;
}

const COLUMNS: readonly DataColumn<SavedExtensionDay>[] = [
  fieldColumn('date', (row) => formatDate(row.date)),
  { key: 'dailyRows', header: 'Daily Rows', cell: (row) => formatCount(row.dailyRows), align: 'right' },
  { key: 'deviceRows', header: 'Device Rows', cell: (row) => formatCount(row.deviceRows), align: 'right' },
  { key: 'marketRows', header: 'Market Rows', cell: (row) => formatCount(row.marketRows), align: 'right' },
  {
    key: 'partnerRevShare',
    header: fieldLabel('partner_rev_share'),
    headerTitle: 'partner_rev_share',
    cell: (row) => formatMoney(row.partnerRevShare),
    align: 'right',
  },
  { key: 'savedAt', header: 'Saved At', cell: (row) => formatDateTime(row.savedAt) },
];

/**
 * The extension variant page (`/saveExtensionReports`, admin; part 2 §2 "a variant page"): Start and End dates
 * (yesterday at first), "Save Reports to DB", and the "Daily Reports Info" of what is saved for those dates.
 */
export function SaveExtensionReportsPage({ initialDate = yesterdayUtc() }: SaveExtensionReportsPageProps) {
  const [range, setRange] = useState({ startDate: initialDate, endDate: initialDate });
  const save = useSaveExtensionReports();
  const isOrdered = range.startDate !== '' && range.endDate !== '' && range.startDate <= range.endDate;
  const saved = useSavedExtensionReports(range);
  const error = range.startDate > range.endDate && range.endDate !== '' ? DATE_RANGE_MESSAGES.startAfterEnd : null;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isOrdered) return;
    save.mutate({ body: range });
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Save Extension Reports" />
      <Card>
        <form noValidate onSubmit={handleSubmit} className="flex flex-wrap items-end gap-4">
          <DateRangeInputs
            startDate={range.startDate}
            endDate={range.endDate}
            error={error}
            onStartDateChange={(value) => setRange((current) => ({ ...current, startDate: value }))}
            onEndDateChange={(value) => setRange((current) => ({ ...current, endDate: value }))}
          />
          <Button type="submit" aria-busy={save.isPending} disabled={save.isPending}>
            Save Reports to DB
          </Button>
        </form>
        <div className="mt-4">
          {save.isSuccess ? <FormSuccess message={save.data.body.statusMessage} /> : null}
          <QueryError error={save.error} />
        </div>
      </Card>
      <section aria-labelledby="daily-info-heading" className="space-y-3">
        <h2 id="daily-info-heading" className="text-lg font-semibold text-slate-900">
          Daily Reports Info
        </h2>
        <DataTable
          caption="Daily Reports Info"
          columns={COLUMNS}
          rows={isOrdered ? (saved.data?.body.data ?? []) : []}
          rowKey={(row) => row.date}
          isLoading={isOrdered && saved.isPending}
          error={isOrdered ? saved.error : null}
          onRetry={() => void saved.refetch()}
          emptyMessage="Nothing saved for these dates yet."
        />
      </section>
    </div>
  );
}
