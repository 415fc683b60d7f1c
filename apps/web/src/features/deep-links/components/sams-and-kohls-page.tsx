import { zodResolver } from '@hookform/resolvers/zod';
import { DEEP_LINK_MESSAGES, SAMS_AND_KOHLS_MERCHANTS } from '@publisher/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { idFieldsSchema, type IdValues } from '../lib/id-inputs';
import { GeneratedLink } from './generated-link';
import { IdFields } from './id-fields';
import { LoadingOverlay } from './loading-overlay';

type SampleMerchant = (typeof SAMS_AND_KOHLS_MERCHANTS)[number];

const MERCHANT_OPTIONS: readonly SelectOption[] = SAMS_AND_KOHLS_MERCHANTS.map((merchant) => ({
  value: merchant.id,
  label: merchant.name,
}));

const COLUMNS: readonly DataColumn<SampleMerchant>[] = [
  { key: 'name', priority: 'identity', header: 'Merchant Name', cell: (row) => row.name },
  { key: 'domain', priority: 'key', header: 'Domain', cell: (row) => row.domain },
  { key: 'country', header: 'Country', cell: () => 'US' },
];

/** The screen has no click id: it stays '' and is not sent. */
interface SamsAndKohlsFields extends IdValues {
  merchantId: string;
}

const INITIAL_FIELDS: SamsAndKohlsFields = {
  merchantId: SAMS_AND_KOHLS_MERCHANTS[0]?.id ?? '',
  campaignId: '',
  placementId: '',
  clickId: '',
};

/** The generator's id rules (API 2's plain ids) and one of the two merchants. */
const fieldsResolver = zodResolver(
  idFieldsSchema('plain').extend({
    merchantId: z
      .string()
      .refine(
        (id) => SAMS_AND_KOHLS_MERCHANTS.some((merchant) => merchant.id === id),
        DEEP_LINK_MESSAGES.merchantRequired,
      ),
  }),
);

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
  const form = useForm<SamsAndKohlsFields>({ defaultValues: INITIAL_FIELDS, resolver: fieldsResolver });
  const generate = useGenerateDeepLink();
  const type: LinkType = viewer.conversionTypes[0] ?? 'CPC';

  const handleSubmit = form.handleSubmit((fields) => {
    const merchant = SAMS_AND_KOHLS_MERCHANTS.find((candidate) => candidate.id === fields.merchantId);
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
  });

  const link = generate.data?.body.deepLinkInfo.link ?? null;

  return (
    <div className="max-w-5xl space-y-6">
      <LoadingOverlay isVisible={generate.isPending} label="Generating the link" />
      <PageHeader
        title="Deep Links API - Sams & Kohls"
        description="Generate tracked links to Sam's Club and Kohl's with your campaign and placement ids."
      />

      <Card>
        <form aria-label="Deep link" noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Select
              label="Merchant"
              options={MERCHANT_OPTIONS}
              error={form.formState.errors.merchantId?.message}
              {...form.register('merchantId', { onChange: () => generate.reset() })}
            />
            <IdFields form={form} rules="plain" hasClickId={false} onEdit={generate.reset} />
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
