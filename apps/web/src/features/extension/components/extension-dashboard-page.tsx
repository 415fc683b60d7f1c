import { zodResolver } from '@hookform/resolvers/zod';
import {
  extensionDateQuerySchema,
  type ExtensionDeviceRow,
  type ExtensionMarketRow,
  yesterdayUtc,
} from '@publisher/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { DateField } from '../../../components/form/date-field';
import { formatDate } from '../../../lib/format';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import { useExtensionRevenue } from '../api/use-extension-revenue';
import { requiredDaySchema } from '../../../lib/date-range-form';
import { ExtensionTable, type ExtraColumn } from './extension-table';

interface ExtensionDashboardPageProps {
  /** The default date (yesterday, UTC); tests fix it. */
  initialDate?: string;
}

const DEVICE_COLUMNS: readonly ExtraColumn<ExtensionDeviceRow>[] = [
  { key: 'device_type', header: 'device_type', cell: (row) => row.device_type },
];
const MARKET_COLUMNS: readonly ExtraColumn<ExtensionMarketRow>[] = [
  { key: 'user_country', header: 'user_country', cell: (row) => row.user_country },
  { key: 'market', header: 'market', cell: (row) => row.market },
];

/** Shown when the date is cleared: the tables keep the last date read. */
export const CHOOSE_A_DATE = 'Choose a date.';

interface DateForm {
  date: string;
}

/** The revenue call's own date rule, with a message of its own for a cleared field. */
const dateResolver = zodResolver(
  extensionDateQuerySchema.extend({ date: requiredDaySchema(CHOOSE_A_DATE, extensionDateQuerySchema.shape.date) }),
);

/**
 * The extension dashboard (`/ExtensionDashboard`, part 2 §2): a date (yesterday at first) and the Daily, Device and
 * Market revenue tables, each with a Total row. The rows come from this API, which signs in to the revenue
 * service with its own configured credentials: the browser never holds them.
 */
export function ExtensionDashboardPage({ initialDate = yesterdayUtc() }: ExtensionDashboardPageProps) {
  const [date, setDate] = useState(initialDate);
  const form = useForm<DateForm>({ defaultValues: { date: initialDate }, resolver: dateResolver });
  // A picked date is read at once: each change is checked and, when valid, becomes the date the tables show.
  const read = form.handleSubmit((picked) => setDate(picked.date));
  const revenue = useExtensionRevenue(date);
  const data = revenue.data?.body;
  const isLoading = revenue.isPending;

  return (
    <div className="space-y-6">
      <PageHeader title="Extension Dashboard" description={`Extension revenue of ${formatDate(date)}`} />
      <Card>
        <form aria-label="Extension date" noValidate onSubmit={(event) => void read(event)}>
          <DateField form={form} name="date" label="Date" onEdit={() => void read()} />
        </form>
      </Card>
      <ErrorState
        error={revenue.error}
        onRetry={() => void revenue.refetch()}
        isRetrying={revenue.isFetching}
        what="The extension revenue"
      />
      <ExtensionTable
        caption="Daily Revenue"
        rows={data?.daily ?? []}
        rowKey={(row) => `${row.y_date}-${row.user_tag}`}
        isLoading={isLoading}
        hasError={revenue.isError}
      />
      <ExtensionTable
        caption="Device Revenue"
        rows={data?.device ?? []}
        extraColumns={DEVICE_COLUMNS}
        rowKey={(row) => `${row.y_date}-${row.user_tag}-${row.device_type}`}
        isLoading={isLoading}
        hasError={revenue.isError}
      />
      <ExtensionTable
        caption="Market Revenue"
        rows={data?.market ?? []}
        extraColumns={MARKET_COLUMNS}
        rowKey={(row) => `${row.y_date}-${row.user_tag}-${row.market}`}
        isLoading={isLoading}
        hasError={revenue.isError}
      />
    </div>
  );
}
