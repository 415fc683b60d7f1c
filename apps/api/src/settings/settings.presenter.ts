import type { CustomDomain, ShortUrlDomain, TitleFilter } from '@publisher/contract';
import type { CustomDomainRecord } from './custom-domain.model';
import type { ShortUrlDomainRecord } from './short-url-domain.model';
import type { TitleFilterRecord } from './title-filter.model';

export const presentCustomDomain = (record: CustomDomainRecord): CustomDomain => ({
  _id: record._id.toHexString(),
  name: record.name,
  vendorId: record.vendorId,
  campaign_id: record.campaign_id,
  createdAt: record.createdAt.toISOString(),
});

export const presentShortUrlDomain = (record: ShortUrlDomainRecord): ShortUrlDomain => ({
  _id: record._id.toHexString(),
  name: record.name,
  vendorId: record.vendorId,
  campaign_id: record.campaign_id,
  createdAt: record.createdAt.toISOString(),
});

export const presentTitleFilter = (record: TitleFilterRecord): TitleFilter => ({
  _id: record._id.toHexString(),
  filter: record.filter,
  name: record.name,
  campaign_id: record.campaign_id,
  createdAt: record.createdAt.toISOString(),
});
