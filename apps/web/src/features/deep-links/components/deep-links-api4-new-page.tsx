import {
  buildTrackingLink,
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_SIZES,
  MERCHANT_LINKS_FILE_NAMES,
  type Deeplink4NewMerchantRow,
} from '@publisher/contract';
import { useMemo, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { DataColumn } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { usePaging } from '../../../lib/use-paging';
import { useDownloadDeeplink4NewMerchantLinks } from '../api/use-download-deeplink4-new-merchant-links';
import { useShoppermeetMerchantsSummary } from '../api/use-shoppermeet-merchants-summary';
import { useShoppermeetTrackierMerchants } from '../api/use-shoppermeet-trackier-merchants';
import { COUNTRY_OPTIONS_WITH_ALL, countryLabel } from '../lib/countries';
import { MERCHANT_URL_COPIED } from '../lib/deep-link-messages';
import type { DeepLinkViewer } from '../lib/deep-link-viewer';
import { DEEP_LINK_INPUT_MAX, limitMerchantName, sanitizePlainClickId, sanitizePlainId } from '../lib/id-inputs';

import { useCopyLink } from '../lib/use-copy-link';
import { CountryCountTable } from './country-count-table';
import { MerchantListSection } from './merchant-list-section';
import { MerchantLinksDownload } from './merchant-links-download';

/**
 * Deep Links API 4 (New) (`/deepLinksAPI4New`, part 2 §2, §5): country, merchant name, optional placement id and
 * click id / ref id; the merchants with a Copy Link action that fills their trackingLink; the per-country counts.
 *
 * Country reloads the list at once; the merchant name applies on Generate (from page 1). The ids only shape the
 * copied links and the CSV, so typing them reloads nothing.
 */
export function DeepLinksAPI4NewPage({ viewer }: { viewer: DeepLinkViewer }) {
  const paging = usePaging(DEFAULT_PAGE_SIZES.merchants);
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  const [merchantName, setMerchantName] = useState('');
  const [searchText, setSearchText] = useState('');
  const [placementId, setPlacementId] = useState('');
  const [clickId, setClickId] = useState('');
  const copyLink = useCopyLink(MERCHANT_URL_COPIED);
  const download = useDownloadDeeplink4NewMerchantLinks();

  const merchants = useShoppermeetTrackierMerchants({
    pageNo: String(paging.page),
    pageSize: String(paging.pageSize),
    searchText,
    country,
  });
  const summary = useShoppermeetMerchantsSummary({ searchText });

  const columns = useMemo<DataColumn<Deeplink4NewMerchantRow>[]>(
    () => [
      { key: 'geo', header: 'Country', cell: (row) => countryLabel(row.geo) },
      { key: 'merchant_name', header: 'Merchant Name', cell: (row) => row.merchant_name },
      { key: 'merchant_domain', header: 'Domain', cell: (row) => row.merchant_domain },
      {
        key: 'action',
        header: 'Action',
        cell: (row) => (
          <Button
            variant="secondary"
            className="py-1.5"
            aria-label={`Copy Link of ${row.merchant_name} (${countryLabel(row.geo)})`}
            onClick={() => void copyLink(buildTrackingLink(row.trackingLink, placementId, clickId))}
          >
            Copy Link
          </Button>
        ),
      },
    ],
    [copyLink, placementId, clickId],
  );

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    paging.resetPage();
    if (merchantName.trim() === searchText) void merchants.refetch();
    else setSearchText(merchantName.trim());
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Deep Links API 4 (New)"
        description="Copy tracked merchant links with your placement id and click id, or download them all as CSV."
      />

      <Card>
        <form aria-label="Deep link filters" noValidate onSubmit={handleSubmit} className="space-y-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Select
              label="Country"
              options={COUNTRY_OPTIONS_WITH_ALL}
              value={country}
              onChange={(event) => {
                setCountry(event.target.value);
                paging.resetPage();
              }}
            />
            <Input
              label="Merchant Name"
              placeholder="Any merchant"
              maxLength={DEEP_LINK_INPUT_MAX}
              value={merchantName}
              onChange={(event) => setMerchantName(limitMerchantName(event.target.value))}
            />
            <Input
              label="Placement Id (optional)"
              placeholder="noid"
              maxLength={DEEP_LINK_INPUT_MAX}
              value={placementId}
              hint="Letters, digits and hyphen."
              onChange={(event) => setPlacementId(sanitizePlainId(event.target.value))}
            />
            <Input
              label="Click Id / Ref Id (optional)"
              placeholder="noid"
              maxLength={DEEP_LINK_INPUT_MAX}
              value={clickId}
              hint="Letters, digits, hyphen and underscore."
              onChange={(event) => setClickId(sanitizePlainClickId(event.target.value))}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">Generate</Button>
            <MerchantLinksDownload
              fileName={MERCHANT_LINKS_FILE_NAMES.partner}
              isPending={download.isPending}
              error={download.error}
              onDownload={() =>
                download.mutate({
                  placementId,
                  clickId,
                  campaign_id: String(viewer.vendorId),
                  apiKey: viewer.apiKey,
                  country,
                  searchText,
                })
              }
            />
          </div>
        </form>
      </Card>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <MerchantListSection
            caption="Merchants"
            columns={columns}
            rows={merchants.data?.body.data ?? []}
            rowKey={(row) => `${row.geo}-${row.merchant_domain}`}
            totalRecords={merchants.data?.body.totalRecords}
            isLoading={merchants.isPending}
            isRefreshing={merchants.isFetching && !merchants.isPending}
            error={merchants.error}
            paging={paging}
          />
        </div>
        <CountryCountTable rows={summary.data?.body.data ?? []} isLoading={summary.isPending} />
      </div>
    </div>
  );
}
