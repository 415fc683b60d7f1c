import { buildDirectLink } from '@publisher/contract';
import { useMemo, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Select, type SelectOption } from '../../../components/ui/select';
import { MERCHANT_URL_COPIED } from '../lib/deep-link-messages';
import type { DeepLinkViewer, LinkType } from '../lib/deep-link-viewer';
import { TRACKING_BASE_URL } from '../lib/tracking-host';
import { GeneratedLink } from './generated-link';
import { IdFields } from './id-fields';

interface SampleMerchant {
  id: string;
  name: string;
  domain: string;
  merchantUrl: string;
}

/** The page's static sample of two merchants (part 2 §2); both are merchants of the connexity catalog. */
export const SAMS_AND_KOHLS_MERCHANTS: readonly SampleMerchant[] = [
  { id: 'samsclub', name: "Sam's Club", domain: 'samsclub.com', merchantUrl: 'https://www.samsclub.com' },
  { id: 'kohls', name: "Kohl's", domain: 'kohls.com', merchantUrl: 'https://www.kohls.com' },
];

const MERCHANT_OPTIONS: readonly SelectOption[] = SAMS_AND_KOHLS_MERCHANTS.map((merchant) => ({
  value: merchant.id,
  label: merchant.name,
}));

const COLUMNS: readonly DataColumn<SampleMerchant>[] = [
  { key: 'name', header: 'Merchant Name', cell: (row) => row.name },
  { key: 'domain', header: 'Domain', cell: (row) => row.domain },
  { key: 'country', header: 'Country', cell: () => 'US' },
];

interface SamsAndKohlsFields {
  merchantId: string;
  campaignId: string;
  placementId: string;
}

const INITIAL_FIELDS: SamsAndKohlsFields = {
  merchantId: SAMS_AND_KOHLS_MERCHANTS[0]?.id ?? '',
  campaignId: '',
  placementId: '',
};

interface SamsAndKohlsPageProps {
  viewer: DeepLinkViewer;
  /** The clock, injected so tests can pin the timestamp of a blank campaign id. */
  now?: () => number;
}

/**
 * Deep Links API - Sams & Kohls (`/deepLinksSamsAndKohls`, part 2 §2, §5, §6): the two merchants, a campaign id and
 * a placement id (letters, digits and hyphen only) and Generate. The spec's original did nothing on Generate; here it
 * builds the same direct link as the other generators with the contract's builder, on the API's tracking host, so
 * a click on it is recorded for the vendor. Changing any input clears the link.
 */
export function SamsAndKohlsPage({ viewer, now = Date.now }: SamsAndKohlsPageProps) {
  const [fields, setFields] = useState<SamsAndKohlsFields>(INITIAL_FIELDS);
  const [link, setLink] = useState<string | null>(null);
  const type: LinkType = viewer.conversionTypes[0] ?? 'CPC';
  const merchant = useMemo(
    () => SAMS_AND_KOHLS_MERCHANTS.find((candidate) => candidate.id === fields.merchantId),
    [fields.merchantId],
  );

  const edit = <TKey extends keyof SamsAndKohlsFields>(key: TKey, value: SamsAndKohlsFields[TKey]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setLink(null);
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!merchant) return;
    setLink(
      buildDirectLink({
        trackingBaseUrl: TRACKING_BASE_URL,
        source: 'connexity',
        type,
        vendorId: viewer.vendorId,
        merchantUrl: merchant.merchantUrl,
        campaignId: fields.campaignId,
        placementId: fields.placementId,
        now: now(),
      }),
    );
  };

  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="Deep Links API - Sams & Kohls"
        description="Generate tracked links to Sam's Club and Kohl's with your campaign and placement ids."
      />

      <Card>
        <form aria-label="Deep link" noValidate onSubmit={handleSubmit} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Select
              label="Merchant"
              options={MERCHANT_OPTIONS}
              value={fields.merchantId}
              onChange={(event) => edit('merchantId', event.target.value)}
            />
            <IdFields
              values={{ campaignId: fields.campaignId, placementId: fields.placementId }}
              rules="plain"
              onEdit={(field, value) => {
                if (field !== 'clickId') edit(field, value);
              }}
            />
            <div className="flex items-start lg:pt-7">
              <Button type="submit" isFullWidth>
                Generate
              </Button>
            </div>
          </div>
          <p className="text-xs text-slate-600">Ids accept letters, digits and hyphen, up to 50 characters.</p>
          {link ? <GeneratedLink key={link} link={link} copyMessage={MERCHANT_URL_COPIED} /> : null}
        </form>
      </Card>

      <DataTable
        caption="Sams & Kohls merchants"
        isCaptionVisible
        columns={COLUMNS}
        rows={SAMS_AND_KOHLS_MERCHANTS}
        rowKey={(row) => row.id}
      />
    </div>
  );
}
