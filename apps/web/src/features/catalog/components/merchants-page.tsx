import type { Merchant } from '@publisher/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import type { SelectOption } from '../../../components/ui/select';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useAllMerchants } from '../api/use-all-merchants';
import { useMerchants } from '../api/use-merchants';
import type { CatalogViewer } from '../lib/catalog-viewer';
import { ListStatus } from './list-status';

const MERCHANT_CARDS_PAGE_SIZE = 20;
const ALL: SelectOption = { value: '', label: 'All' };

interface MerchantCardProps {
  merchant: Merchant;
  /** Null while the active merchants are unknown (not loaded, or their call failed): no badge then. */
  isActive: boolean | null;
  /** Where "Get link" goes: the generator with this merchant chosen; null when the vendor may not make one. */
  linkPath: string | null;
}

function MerchantCard({ merchant, isActive, linkPath }: MerchantCardProps) {
  const { name, logoUrl, merchantUrl } = merchant.merchantInfo;
  return (
    <article
      aria-label={name}
      className="flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm"
    >
      <img src={logoUrl} alt={`${name} logo`} loading="lazy" width={200} height={80} className="h-16 w-auto" />
      <div className="min-w-0">
        <h2 className="truncate text-sm font-semibold text-slate-900">{name}</h2>
        <p className="mt-1 text-xs text-slate-500">
          mid: <span className="font-medium text-slate-700 tabular-nums">{merchant.mid}</span>
        </p>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-xs">
        {isActive === null ? null : (
          <span
            className={`rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${
              isActive ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-slate-50 text-slate-600 ring-slate-200'
            }`}
          >
            {isActive ? 'Active' : 'Inactive'}
          </span>
        )}
        <a href={merchantUrl} target="_blank" rel="noopener noreferrer" className="text-indigo-600 hover:underline">
          Visit site <span className="sr-only">of {name} (opens in a new tab)</span>
        </a>
        {linkPath ? (
          // The tracked way to the merchant: a deep link the vendor is paid for.
          <Link
            to={linkPath}
            aria-label={`Get link for ${name}`}
            className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Get link
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/**
 * All Merchants (`/merchants`, part 2 §2): the totals of merchants and of active merchants (those with products),
 * a searchable dropdown with 'All', and a card per merchant with its logo, name and mid, its site, and "Get link":
 * the deep-link generator with that merchant chosen, when the vendor's menu offers it (vendor 5036 only for the
 * merchant it is locked to).
 */
export function MerchantsPage({ viewer }: { viewer: CatalogViewer }) {
  const allMerchants = useAllMerchants();
  const activeMerchants = useMerchants();
  const [selectedMid, setSelectedMid] = useState('');
  const paging = usePaging(MERCHANT_CARDS_PAGE_SIZE);

  const merchants = useMemo(() => allMerchants.data?.body.data ?? [], [allMerchants.data]);
  // Unknown until /home/getMerchants answers: saying "Inactive" before that would be a guess.
  const activeMids = useMemo(
    () => (activeMerchants.data ? new Set(activeMerchants.data.body.data.map((merchant) => merchant.mid)) : null),
    [activeMerchants.data],
  );
  const options = useMemo<SelectOption[]>(
    () => [ALL, ...merchants.map((merchant) => ({ value: merchant.mid, label: merchant.merchantInfo.name }))],
    [merchants],
  );

  const linkPathFor = (name: string): string | null => {
    const generator = viewer.linkGeneratorPath;
    if (generator === null || (viewer.lockedMerchant !== null && viewer.lockedMerchant !== name)) return null;
    return `${generator}?merchant=${encodeURIComponent(name)}`;
  };

  const shown = selectedMid === '' ? merchants : merchants.filter((merchant) => merchant.mid === selectedMid);
  const firstIndex = (paging.page - 1) * paging.pageSize;
  const pageRows = shown.slice(firstIndex, firstIndex + paging.pageSize);

  return (
    <div className="space-y-6">
      <PageHeader title="All Merchants" description="Every merchant of the shopping network you can link to." />
      {/* Part 1 opens the coupon and cashback screens to every vendor; part 2's menu lists them for the admin only,
          so this is where other vendors find them (docs/SPEC-NOTES.md). */}
      <nav aria-label="Offers of these merchants" className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
        <Link to={paths.allCoupons} className="text-indigo-700 hover:underline">
          Coupons of these merchants
        </Link>
        <Link to={paths.allCashback} className="text-indigo-700 hover:underline">
          Cashback offers
        </Link>
      </nav>

      <StatGrid label="Merchant totals" columns={3}>
        <StatCard
          label="Total Merchants"
          value={
            allMerchants.data ? formatCount(allMerchants.data.body.totalRecords) : allMerchants.isError ? '—' : '…'
          }
        />
        <StatCard
          label="Active Merchants"
          value={
            activeMerchants.data
              ? formatCount(activeMerchants.data.body.totalRecords)
              : activeMerchants.isError
                ? '—'
                : '…'
          }
          detail="Merchants with products"
        />
      </StatGrid>

      <div className="max-w-md">
        <SearchableSelect
          label="Merchant"
          options={options}
          value={selectedMid}
          onChange={(mid) => {
            setSelectedMid(mid);
            paging.setPage(1);
          }}
          placeholder="Search merchants"
          disabled={allMerchants.isPending}
        />
      </div>

      <section aria-label="Merchant list" className="space-y-4">
        <ListStatus
          what="merchants"
          isLoading={allMerchants.isPending}
          error={allMerchants.error ?? activeMerchants.error}
          onRetry={() => {
            if (allMerchants.isError) void allMerchants.refetch();
            if (activeMerchants.isError) void activeMerchants.refetch();
          }}
          isRetrying={allMerchants.isFetching || activeMerchants.isFetching}
          isEmpty={shown.length === 0}
          emptyMessage="No merchants found."
        >
          <ul aria-label="Merchants" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {pageRows.map((merchant) => (
              <li key={merchant.mid}>
                <MerchantCard
                  merchant={merchant}
                  isActive={activeMids ? activeMids.has(merchant.mid) : null}
                  linkPath={linkPathFor(merchant.merchantInfo.name)}
                />
              </li>
            ))}
          </ul>
        </ListStatus>
        {shown.length > 0 ? (
          <Pagination
            page={paging.page}
            pageSize={paging.pageSize}
            totalRecords={shown.length}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
            pageSizeOptions={[20, 40, 100]}
            itemLabel="merchants"
          />
        ) : null}
      </section>
    </div>
  );
}
