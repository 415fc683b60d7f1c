import {
  buildDeeplink3Link,
  buildDeeplink4Link,
  buildTrackingLink,
  type Deeplink3MerchantRow,
  type Deeplink3NewMerchantRow,
  type Deeplink4MerchantRow,
  type Deeplink4NewMerchantRow,
} from '@publisher/contract';
import { useDoneoftheownouMerchants } from '../api/use-doneoftheownou-merchants';
import { useDoneoftheownouMerchantsSummary } from '../api/use-doneoftheownou-merchants-summary';
import { useDoneoftheownouTrackierMerchants } from '../api/use-doneoftheownou-trackier-merchants';
import { useDownloadDeeplink3MerchantLinks } from '../api/use-download-deeplink3-merchant-links';
import { useDownloadDeeplink3NewMerchantLinks } from '../api/use-download-deeplink3-new-merchant-links';
import { useDownloadDeeplink4MerchantLinks } from '../api/use-download-deeplink4-merchant-links';
import { useDownloadDeeplink4NewMerchantLinks } from '../api/use-download-deeplink4-new-merchant-links';
import { useShoppermeetMerchants } from '../api/use-shoppermeet-merchants';
import { useShoppermeetMerchantsSummary } from '../api/use-shoppermeet-merchants-summary';
import { useShoppermeetTrackierMerchants } from '../api/use-shoppermeet-trackier-merchants';
import { fieldColumn } from '../../../components/ui/data-table';
import { formatShortPercent } from '../../../lib/format';
import { countryLabel } from '../lib/countries';
import type { DeepLinkViewer } from '../lib/deep-link-viewer';
import { PartnerLinksScreen, type PartnerLinksConfig } from './partner-links-screen';

/** API 3: the redirect_link template with CLICK_ID (a timestamp when blank), SUB_ID and LINK (the merchant's site). */
const API3_CONFIG: PartnerLinksConfig<Deeplink3MerchantRow> = {
  title: 'Deep Links API 3',
  description: 'Copy tracked links to the merchants of this network, or download them all as CSV.',
  useList: useDoneoftheownouMerchants,
  useSummary: useDoneoftheownouMerchantsSummary,
  useDownload: useDownloadDeeplink3MerchantLinks,
  columns: [
    fieldColumn('country', (row) => countryLabel(row.country)),
    { key: 'name', priority: 'identity', header: 'Merchant Name', headerTitle: 'name', cell: (row) => row.name },
    fieldColumn('domain', (row) => row.domain),
    {
      key: 'deeplink',
      header: 'Deep Linking',
      headerTitle: 'is_deeplink',
      cell: (row) => (row.is_deeplink ? 'Yes' : 'Home page only'),
    },
  ],
  rowKey: (row) => `${row.country}-${row.domain}`,
  rowLabel: (row) => `${row.name} (${countryLabel(row.country)})`,
  buildLink: (row, ids, vendorId) =>
    buildDeeplink3Link({
      template: row.redirect_link,
      vendorId,
      placementId: ids.placementId,
      clickId: ids.clickId,
      merchantUrl: `https://${row.domain}`,
      now: Date.now(),
    }),
};

/** API 3 (New): the trackingLink with {PLACEMENT_ID} and {CLICK_ID}, 'noid' when blank. */
const API3_NEW_CONFIG: PartnerLinksConfig<Deeplink3NewMerchantRow> = {
  title: 'Deep Links API 3 (New)',
  description: 'Copy tracked links to the merchants of this network, or download them all as CSV.',
  useList: useDoneoftheownouTrackierMerchants,
  useSummary: useDoneoftheownouMerchantsSummary,
  useDownload: useDownloadDeeplink3NewMerchantLinks,
  columns: [
    fieldColumn('country', (row) => countryLabel(row.country)),
    { key: 'name', priority: 'identity', header: 'Merchant Name', headerTitle: 'name', cell: (row) => row.name },
    fieldColumn('domain', (row) => row.domain),
  ],
  rowKey: (row) => `${row.country}-${row.domain}`,
  rowLabel: (row) => `${row.name} (${countryLabel(row.country)})`,
  buildLink: (row, ids) => buildTrackingLink(row.trackingLink, ids.placementId, ids.clickId),
};

/** API 4: the redirect_link template with the deep link 3 values plus domain, country and merchant id. */
const API4_CONFIG: PartnerLinksConfig<Deeplink4MerchantRow> = {
  title: 'Deep Links API 4',
  description: 'Copy tracked links to the merchants of this network, with their average payout, or download them all.',
  useList: useShoppermeetMerchants,
  useSummary: useShoppermeetMerchantsSummary,
  useDownload: useDownloadDeeplink4MerchantLinks,
  columns: [
    { key: 'geo', header: 'Country', headerTitle: 'geo', cell: (row) => countryLabel(row.geo) },
    fieldColumn('merchant_name', (row) => row.merchant_name, 'left', 'identity'),
    { key: 'merchant_domain', header: 'Domain', headerTitle: 'merchant_domain', cell: (row) => row.merchant_domain },
    {
      key: 'avg_payout_commission',
      header: 'Avg. Payout Commission',
      headerTitle: 'avg_payout_commission',
      cell: (row) => formatShortPercent(row.avg_payout_commission),
      align: 'right',
    },
  ],
  rowKey: (row) => `${row.geo}-${row.merchant_id}`,
  rowLabel: (row) => `${row.merchant_name} (${countryLabel(row.geo)})`,
  buildLink: (row, ids, vendorId) =>
    buildDeeplink4Link({
      template: row.redirect_link,
      vendorId,
      placementId: ids.placementId,
      clickId: ids.clickId,
      merchantDomain: row.merchant_domain,
      countryCode: row.geo,
      merchantId: row.merchant_id,
      now: Date.now(),
    }),
};

/** API 4 (New): Country (upper-cased geo), Merchant Name, Domain; the trackingLink, 'noid' for a blank id. */
const API4_NEW_CONFIG: PartnerLinksConfig<Deeplink4NewMerchantRow> = {
  title: 'Deep Links API 4 (New)',
  description: 'Copy tracked merchant links with your placement id and click id, or download them all as CSV.',
  useList: useShoppermeetTrackierMerchants,
  useSummary: useShoppermeetMerchantsSummary,
  useDownload: useDownloadDeeplink4NewMerchantLinks,
  columns: [
    { key: 'geo', header: 'Country', headerTitle: 'geo', cell: (row) => countryLabel(row.geo) },
    fieldColumn('merchant_name', (row) => row.merchant_name, 'left', 'identity'),
    { key: 'merchant_domain', header: 'Domain', headerTitle: 'merchant_domain', cell: (row) => row.merchant_domain },
  ],
  rowKey: (row) => `${row.geo}-${row.merchant_domain}`,
  rowLabel: (row) => `${row.merchant_name} (${countryLabel(row.geo)})`,
  buildLink: (row, ids) => buildTrackingLink(row.trackingLink, ids.placementId, ids.clickId),
  clickIdLabel: 'Click Id / Ref Id',
};

/** Deep Links API 3 (`/deepLinksAPI3`, part 2 §2). */
export function DeepLinksAPI3Page({ viewer }: { viewer: DeepLinkViewer }) {
  return <PartnerLinksScreen viewer={viewer} config={API3_CONFIG} />;
}

/** Deep Links API 3 (New) (`/deepLinksAPI3New`, part 2 §2). */
export function DeepLinksAPI3NewPage({ viewer }: { viewer: DeepLinkViewer }) {
  return <PartnerLinksScreen viewer={viewer} config={API3_NEW_CONFIG} />;
}

/** Deep Links API 4 (`/deepLinksAPI4`, part 2 §2). */
export function DeepLinksAPI4Page({ viewer }: { viewer: DeepLinkViewer }) {
  return <PartnerLinksScreen viewer={viewer} config={API4_CONFIG} />;
}

/** Deep Links API 4 (New) (`/deepLinksAPI4New`, part 2 §2, §5). */
export function DeepLinksAPI4NewPage({ viewer }: { viewer: DeepLinkViewer }) {
  return <PartnerLinksScreen viewer={viewer} config={API4_NEW_CONFIG} />;
}
