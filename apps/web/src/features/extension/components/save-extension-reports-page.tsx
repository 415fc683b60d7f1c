import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DateRange,
  EXTENSION_MESSAGES,
  extensionRangeSchema,
  MAX_EXTENSION_SAVE_DAYS,
  type SavedExtensionDay,
  yesterdayUtc,
} from '@publisher/contract';
import { useForm, useWatch } from 'react-hook-form';
import { DateRangeField } from '../../../components/form/date-range-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { useToast } from '../../../components/ui/toast-provider';
import { fieldLabel } from '../../../lib/field-label';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useSaveExtensionReports } from '../api/use-save-extension-reports';
import { useSavedExtensionReports } from '../api/use-saved-extension-reports';
import { dateRangeFormSchema } from '../../../lib/date-range-form';
import { settled, useSubmitOnce } from '../../../lib/form';

interface SaveExtensionReportsPageProps {
  /** The default start and end (yesterday, UTC); tests fix it. */
  initialDate?: string;
}

const COLUMNS: readonly DataColumn<SavedExtensionDay>[] = [
  fieldColumn('date', (row) => formatDate(row.date), 'left', 'identity'),
  {
    key: 'dailyRows',
    priority: 'key',
    header: 'Daily Rows',
    cell: (row) => formatCount(row.dailyRows),
    align: 'right',
  },
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

/** extensionRangeSchema's rules and messages, with an empty date named. */
const rangeResolver = zodResolver(
  dateRangeFormSchema({ maxDays: MAX_EXTENSION_SAVE_DAYS, tooLongMessage: EXTENSION_MESSAGES.rangeTooLong }),
);

/**
 * The extension variant page (`/saveExtensionReports`, admin; part 2 §2 "a variant page"): Start and End dates
 * (yesterday at first), "Save Reports to DB", and the "Daily Reports Info" of what is saved for those dates.
 */
export function SaveExtensionReportsPage({ initialDate = yesterdayUtc() }: SaveExtensionReportsPageProps) {
  const form = useForm<DateRange>({
    defaultValues: { startDate: initialDate, endDate: initialDate },
    resolver: rangeResolver,
  });
  const [startDate, endDate] = useWatch({ control: form.control, name: ['startDate', 'endDate'] });
  const range = { startDate, endDate };
  const save = useSaveExtensionReports();
  // The saved list follows the fields as they change, once they make a range the list call accepts.
  const isReadable = extensionRangeSchema.safeParse(range).success;
  const saved = useSavedExtensionReports(range, isReadable);

  const submitOnce = useSubmitOnce();
  // Awaited inside submitOnce, so a second Save while one is out is dropped; a failure stays in `save.error`.
  const { showToast } = useToast();
  const handleSubmit = form.handleSubmit((valid) =>
    settled(save.mutateAsync({ body: valid }).then((response) => showToast(response.body.statusMessage))),
  );

  return (
    <div className="space-y-6">
      <PageHeader title="Save Extension Reports" />
      <Card>
        <form noValidate onSubmit={submitOnce(handleSubmit)}>
          <DateRangeField form={form}>
            <Button type="submit" aria-busy={save.isPending} disabled={save.isPending}>
              Save Reports to DB
            </Button>
          </DateRangeField>
        </form>
        <div className="mt-4">
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
          rows={isReadable ? (saved.data?.body.data ?? []) : []}
          rowKey={(row) => row.date}
          isLoading={isReadable && saved.isPending}
          error={isReadable ? saved.error : null}
          onRetry={() => void saved.refetch()}
          emptyMessage={isReadable ? 'Nothing saved for these dates yet.' : 'Fix the dates to see what is saved.'}
        />
      </section>
    </div>
  );
}
