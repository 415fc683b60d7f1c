import type { ExtensionDeviceRow, ExtensionMarketRow } from '@publisher/contract';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import { useExtensionRevenue } from '../api/use-extension-revenue';
import { yesterdayUtc } from '../../../lib/dates';
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

/**
 * The extension dashboard (`/ExtensionDashboard`, part 2 §2): a date (yesterday at first) and the Daily, Device and
 * Market revenue tables, each with a Total row. The rows come from this API, which signs in to the revenue
 * service with its own configured credentials: the browser never holds them.
 */
export function ExtensionDashboardPage({ initialDate = yesterdayUtc() }: ExtensionDashboardPageProps) {
  const [date, setDate] = useState(initialDate);
  const revenue = useExtensionRevenue(date);
  const data = revenue.data?.body;
  const isLoading = revenue.isPending;

  return (
    <div className="space-y-6">
      <PageHeader title="Extension Dashboard" description={`Extension revenue of ${formatDate(date)}`} />
      <Card>
        <label htmlFor="extension-date" className="mb-1.5 block text-sm font-medium text-slate-700">
          Date
        </label>
        <input
          id="extension-date"
          type="date"
          value={date}
          onChange={(event) => {
            if (event.target.value !== '') setDate(event.target.value);
          }}
          className="w-44 rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
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
