import { zodResolver } from '@hookform/resolvers/zod';
import { generateDeepLinkBodySchema, type Merchant } from '@publisher/contract';
import { useMemo, useState, type SubmitEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useGenerateDeepLink } from '../api/use-generate-deep-link';
import { useMerchantsV2 } from '../api/use-merchants-v2';
import { MERCHANT_URL_COPIED } from '../lib/deep-link-messages';
import type { DeepLinkViewer, LinkType } from '../lib/deep-link-viewer';
import { DEEP_LINK_INPUT_MAX, idFieldsSchema, type IdValues } from '../lib/id-inputs';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { generationErrorOf } from '../lib/generation-error';
import { GeneratedLink } from './generated-link';
import { IdFields } from './id-fields';
import { LoadingOverlay } from './loading-overlay';

interface Api1Fields extends IdValues {
  type: LinkType;
  /** The chosen merchant's url, written from the merchant search at Generate ('' when none is chosen). */
  merchantUrl: string;
}

/**
 * The generator's own rules (generateDeepLinkBodySchema): its merchantUrl ("Please select a merchant." when
 * none, part 2 §4 "Merchant link access") and API 1's ids.
 */
const fieldsResolver = zodResolver(
  idFieldsSchema('braces').extend({
    type: z.enum(['CPC', 'CPA']),
    merchantUrl: generateDeepLinkBodySchema.shape.merchantUrl,
  }),
);

/** Matches the merchant search offers at a time; typing more narrows them. */
const MERCHANT_SEARCH_PAGE_SIZE = 50;

const TYPE_LABELS: Record<LinkType, string> = { CPC: 'CPC (cost per click)', CPA: 'CPA (cost per action)' };

/**
 * Deep Links API (`/deepLinksAPI`, part 2 §2 API 1, §4, §5): type CPC or CPA (each offered when its deeplink1
 * flag is on), a searchable merchant, campaign id, placement id and click id, and Generate. The result has Copy, a
 * QR code and, when the user's short URLs are on, Shorten.
 *
 * Changing the type clears the merchant and the result; changing any other input clears the result. Vendor 5036
 * is offered Nautica alone, already chosen. `?merchant=Name` (the dashboard's "Get link") searches that name and
 * chooses the merchant of exactly that name once the search finds it, until the user picks another or the type.
 */
export function DeepLinksAPIPage({ viewer }: { viewer: DeepLinkViewer }) {
  const form = useForm<Api1Fields>({
    defaultValues: {
      type: viewer.conversionTypes[0] ?? 'CPC',
      merchantUrl: '',
      campaignId: '',
      placementId: '',
      clickId: '',
    },
    resolver: fieldsResolver,
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const merchantError = form.formState.errors.merchantUrl?.message;
  const generate = useGenerateDeepLink();

  const [searchParams] = useSearchParams();
  const [requested, setRequested] = useState(() => searchParams.get('merchant')?.slice(0, DEEP_LINK_INPUT_MAX) || null);
  // The merchant search asks the server as the user types (part 2 §7: getMerchantsV2 with searchText).
  const [search, setSearch] = useState(requested ?? '');
  const typed = useDebouncedValue(search.trim().slice(0, DEEP_LINK_INPUT_MAX));
  // A locked vendor (5036) has one merchant to find, whatever is typed.
  const searchText = viewer.lockedMerchant ?? typed;
  const [chosen, setChosen] = useState<Merchant | null>(null);
  const merchants = useMerchantsV2({
    pageNo: 1,
    pageSize: MERCHANT_SEARCH_PAGE_SIZE,
    searchText,
    isPublisherAI: type === 'CPA' ? 'true' : 'false',
  });
  const rows = useMemo<Merchant[]>(() => {
    const found = merchants.data?.body.data ?? [];
    const locked = viewer.lockedMerchant;
    const allowed = locked === null ? found : found.filter((merchant) => merchant.merchantInfo.name === locked);
    // The chosen merchant stays an option while other names are searched, so the field keeps showing it.
    return chosen && !allowed.some((merchant) => merchant.mid === chosen.mid) ? [chosen, ...allowed] : allowed;
  }, [merchants.data, viewer.lockedMerchant, chosen]);
  const options = useMemo<SelectOption[]>(
    () => rows.map((merchant) => ({ value: merchant.mid, label: merchant.merchantInfo.name })),
    [rows],
  );
  // The locked vendor's one merchant is chosen for them.
  const lockedDefault = viewer.lockedMerchant !== null && chosen === null ? (rows[0] ?? null) : null;
  const requestedMerchant =
    requested !== null && chosen === null ? rows.find((row) => row.merchantInfo.name === requested) : undefined;
  if (requestedMerchant) {
    // Chosen as if picked (adjusting state while rendering): it then stays an option whatever is searched next.
    setChosen(requestedMerchant);
    setRequested(null);
  }
  const merchant = chosen ?? lockedDefault;
  const mid = merchant?.mid ?? '';

  const typeOptions = useMemo<SelectOption[]>(
    () => viewer.conversionTypes.map((value) => ({ value, label: TYPE_LABELS[value] })),
    [viewer.conversionTypes],
  );

  const handleMerchantChange = (value: string) => {
    setChosen(rows.find((row) => row.mid === value) ?? null);
    setRequested(null);
    form.clearErrors('merchantUrl');
    generate.reset();
  };

  const handleTypeChange = () => {
    setChosen(null);
    setRequested(null);
    setSearch('');
    form.clearErrors('merchantUrl');
    generate.reset();
  };

  const submit = form.handleSubmit((fields) => {
    generate.reset();
    generate.mutate({
      body: {
        merchantUrl: fields.merchantUrl,
        placement_id: fields.placementId,
        click_id: fields.clickId,
        campaign_id: String(viewer.vendorId),
        isPublisherAI: fields.type === 'CPA',
        new_campaign_id: fields.campaignId,
      },
    });
  });

  // The merchant search keeps the chosen merchant (with its row, so the field can show it); its url is the value.
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    form.setValue('merchantUrl', merchant?.merchantInfo.merchantUrl ?? '');
    void submit(event);
  };

  const result = generate.data?.body.deepLinkInfo;

  return (
    <div className="max-w-5xl space-y-6">
      <LoadingOverlay isVisible={generate.isPending} label="Generating the link" />
      <PageHeader
        title="Deep Links API"
        description="Generate a tracked link to a merchant, paid per click (CPC) or per action (CPA)."
      />

      <Card>
        <form aria-label="Deep link" noValidate onSubmit={handleSubmit} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Select label="Type" options={typeOptions} {...form.register('type', { onChange: handleTypeChange })} />
            <div>
              <SearchableSelect
                label="Merchant"
                options={options}
                value={mid}
                onChange={handleMerchantChange}
                onQueryChange={setSearch}
                placeholder="Search a merchant"
                disabled={merchants.isPending && searchText === ''}
                noMatchesMessage={merchants.isFetching ? 'Searching…' : 'No merchant of this name'}
              />
              {merchants.isPending && searchText === '' ? (
                // The field waits for the merchant list: say why it is disabled.
                <Spinner label="Loading merchants" className="mt-1.5" />
              ) : null}
              {merchantError ? (
                <p role="alert" className="mt-1.5 text-sm text-rose-700">
                  {merchantError}
                </p>
              ) : null}
            </div>
            <IdFields
              form={form}
              rules="braces"
              hint="Ids accept letters, digits, hyphen and braces (click id also underscore), up to 50 characters."
              onEdit={generate.reset}
            />
            <div className="flex items-start sm:pt-7">
              <Button type="submit" isFullWidth disabled={generate.isPending}>
                Generate
              </Button>
            </div>
          </div>
          {merchants.isError ? (
            <ErrorState
              error={merchants.error}
              onRetry={() => void merchants.refetch()}
              isRetrying={merchants.isFetching}
              what="The merchant list"
            />
          ) : null}
          <FormError message={generate.isError ? generationErrorOf(generate.error) : null} />
          {result ? (
            <GeneratedLink
              key={result.link}
              link={result.link}
              copyMessage={MERCHANT_URL_COPIED}
              canShorten={viewer.isShortUrlEnabled}
            />
          ) : null}
        </form>
      </Card>
    </div>
  );
}
