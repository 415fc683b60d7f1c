import { SAMS_AND_KOHLS_MERCHANTS } from '@publisher/contract';
import { useMemo, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { FormError } from '../../../components/ui/form-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Select, type SelectOption } from '../../../components/ui/select';
import { useGenerateDeepLink } from '../api/use-generate-deep-link';
import { MERCHANT_URL_COPIED } from '../lib/deep-link-messages';
import type { DeepLinkViewer, LinkType } from '../lib/deep-link-viewer';
import { generationErrorOf } from '../lib/generation-error';
import { GeneratedLink } from './generated-link';
import { IdFields } from './id-fields';
import { LoadingOverlay } from './loading-overlay';

type SampleMerchant = (typeof SAMS_AND_KOHLS_MERCHANTS)[number];

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
}

/**
 * Deep Links API - Sams & Kohls (`/deepLinksSamsAndKohls`, part 2 §2, §5, §6): the two merchants, a campaign id and
 * a placement id (letters, digits and hyphen only) and Generate. The spec's original did nothing on Generate; here it
 * asks the API's Deep Links API (1) generator, whose access rule (the contract's `deepLinkRefusal`, product
 * `samsAndKohls`) gives vendor 5058 exactly these two merchants, so the page and the server cannot disagree. Changing
 * any input clears the link.
 */
export function SamsAndKohlsPage({ viewer }: SamsAndKohlsPageProps) {
  const [fields, setFields] = useState<SamsAndKohlsFields>(INITIAL_FIELDS);
  const generate = useGenerateDeepLink();
  const type: LinkType = viewer.conversionTypes[0] ?? 'CPC';
  const merchant = useMemo(
    () => SAMS_AND_KOHLS_MERCHANTS.find((candidate) => candidate.id === fields.merchantId),
    [fields.merchantId],
  );

  const edit = <TKey extends keyof SamsAndKohlsFields>(key: TKey, value: SamsAndKohlsFields[TKey]) => {
    setFields((current) => ({ ...current, [key]: value }));
    generate.reset();
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!merchant) return;
    generate.reset();
    generate.mutate({
      body: {
        merchantUrl: merchant.merchantUrl,
        placement_id: fields.placementId,
        campaign_id: String(viewer.vendorId),
        isPublisherAI: type === 'CPA',
        new_campaign_id: fields.campaignId,
      },
    });
  };

  const link = generate.data?.body.deepLinkInfo.link ?? null;

  return (
    <div className="max-w-5xl space-y-6">
      <LoadingOverlay isVisible={generate.isPending} label="Generating the link" />
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
          <FormError message={generate.isError ? generationErrorOf(generate.error) : null} />
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
