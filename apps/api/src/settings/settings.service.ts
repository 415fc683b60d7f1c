import { Types } from 'mongoose';
import {
  SETTINGS_MESSAGES,
  normalizeTitleText,
  type CheckCustomDomainResponse,
  type CheckShortUrlDomainResponse,
  type CustomDomain,
  type ShortUrlDomain,
  type TitleFilter,
  type VendorSettings,
  type VerifyDomainResponse,
} from '@publisher/contract';
import { UserModel, type UserRecord } from '../auth/user.model';
import type { ShortUrlDomains } from '../deep-links/short-url-domains';
import { AppError } from '../shared/app-error';
import type { AccessUsers } from '../shared/auth/user-cache';
import { CustomDomainModel, type CustomDomainRecord } from './custom-domain.model';
import { isAppHost, type AppHosts } from './host-rules';
import { presentCustomDomain, presentShortUrlDomain, presentTitleFilter } from './settings.presenter';
import { ShortUrlDomainModel, type ShortUrlDomainRecord } from './short-url-domain.model';
import type { TitleFilterCache } from './title-filter-cache';
import { TitleFilterModel, type TitleFilterRecord } from './title-filter.model';

/** Longest list answered (the admin types every row by hand). */
export const MAX_SETTINGS_ROWS = 1_000;

const DUPLICATE_KEY = 11000;
const isDuplicateKey = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;

/** Inserts a document, answering 409 with `message` when its unique name is taken (also by a concurrent add). */
async function createUnique<T>(create: () => Promise<T>, message: string): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isDuplicateKey(error)) throw AppError.conflict(message);
    throw error;
  }
}

async function assertVendorExists(vendorId: number): Promise<void> {
  if (!(await UserModel.exists({ vendorId }))) throw AppError.badRequest(SETTINGS_MESSAGES.unknownVendor);
}

type SettingsFields = Pick<
  UserRecord,
  | 'vendorId'
  | 'apiKey'
  | 'isShortUrlEnabled'
  | 'secondaryEmail'
  | 'secondaryEmail2'
  | 'secondaryEmail3'
  | 'secondaryEmail4'
>;

export interface VendorSettingsChanges {
  isShortUrlEnabled?: boolean | undefined;
  secondaryEmail?: string | undefined;
  secondaryEmail2?: string | undefined;
  secondaryEmail3?: string | undefined;
  secondaryEmail4?: string | undefined;
}

const SETTINGS_FIELDS = [
  'isShortUrlEnabled',
  'secondaryEmail',
  'secondaryEmail2',
  'secondaryEmail3',
  'secondaryEmail4',
] as const satisfies readonly (keyof VendorSettingsChanges)[];

export interface SettingsServiceDeps {
  titleFilters: TitleFilterCache;
  shortUrlDomains: ShortUrlDomains;
  hosts: AppHosts;
  /** The app's access cache of users: forgets a user whose settings change. */
  users: AccessUsers;
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({ titleFilters, shortUrlDomains, hosts, users }: SettingsServiceDeps) {
  async function settingsOf(user: SettingsFields): Promise<VendorSettings> {
    const [domains, custom] = await Promise.all([
      shortUrlDomains.domainsOf(user.vendorId),
      CustomDomainModel.find({ vendorId: user.vendorId }, { name: 1 })
        .sort({ createdAt: 1, _id: 1 })
        .limit(MAX_SETTINGS_ROWS)
        .lean<Pick<CustomDomainRecord, 'name'>[]>(),
    ]);
    return {
      vendorId: user.vendorId,
      apiKey: user.apiKey,
      isShortUrlEnabled: user.isShortUrlEnabled,
      secondaryEmail: user.secondaryEmail,
      secondaryEmail2: user.secondaryEmail2,
      secondaryEmail3: user.secondaryEmail3,
      secondaryEmail4: user.secondaryEmail4,
      shortUrlDomains: [...domains],
      customDomains: custom.map((row) => row.name),
    };
  }

  async function userByVendorId(vendorId: number): Promise<UserRecord> {
    const user = await UserModel.findOne({ vendorId }).lean<UserRecord>();
    if (!user) throw AppError.notFound(SETTINGS_MESSAGES.unknownVendor);
    return user;
  }

  return {
    // ----- custom domains -----
    async addCustomDomain(name: string, vendorId: number): Promise<CustomDomain> {
      await assertVendorExists(vendorId);
      if (await CustomDomainModel.exists({ name })) throw AppError.conflict(SETTINGS_MESSAGES.domainTaken);
      const created = await createUnique(
        () => CustomDomainModel.create({ name, vendorId, campaign_id: vendorId, createdAt: new Date() }),
        SETTINGS_MESSAGES.domainTaken,
      );
      return presentCustomDomain(created.toObject<CustomDomainRecord>());
    },

    async deleteCustomDomain(id: string): Promise<void> {
      const { deletedCount } = await CustomDomainModel.deleteOne({ _id: new Types.ObjectId(id) });
      if (deletedCount === 0) throw AppError.notFound(SETTINGS_MESSAGES.domainNotFound);
    },

    async checkCustomDomain(name: string): Promise<CheckCustomDomainResponse> {
      const row = await CustomDomainModel.findOne({ name }).lean<CustomDomainRecord>();
      return { success: row !== null, data: row ? presentCustomDomain(row) : null };
    },

    async allCustomDomains(): Promise<CustomDomain[]> {
      const rows = await CustomDomainModel.find({})
        .sort({ createdAt: -1, _id: -1 })
        .limit(MAX_SETTINGS_ROWS)
        .lean<CustomDomainRecord[]>();
      return rows.map(presentCustomDomain);
    },

    // ----- title filters -----
    async addTitleFilter(filter: string, campaignId: number | undefined): Promise<TitleFilter> {
      if (campaignId !== undefined) await assertVendorExists(campaignId);
      const name = normalizeTitleText(filter);
      if (await TitleFilterModel.exists({ name })) throw AppError.conflict(SETTINGS_MESSAGES.filterTaken);
      const created = await createUnique(
        () => TitleFilterModel.create({ filter, name, campaign_id: campaignId ?? null, createdAt: new Date() }),
        SETTINGS_MESSAGES.filterTaken,
      );
      await titleFilters.changed();
      return presentTitleFilter(created.toObject<TitleFilterRecord>());
    },

    async deleteTitleFilter(id: string): Promise<void> {
      const { deletedCount } = await TitleFilterModel.deleteOne({ _id: new Types.ObjectId(id) });
      if (deletedCount === 0) throw AppError.notFound(SETTINGS_MESSAGES.filterNotFound);
      await titleFilters.changed();
    },

    async allTitleFilters(): Promise<TitleFilter[]> {
      const rows = await TitleFilterModel.find({})
        .sort({ createdAt: -1, _id: -1 })
        .limit(MAX_SETTINGS_ROWS)
        .lean<TitleFilterRecord[]>();
      return rows.map(presentTitleFilter);
    },

    // ----- short URL domains -----
    async addShortUrlDomain(name: string, vendorId: number): Promise<ShortUrlDomain> {
      await assertVendorExists(vendorId);
      if (await ShortUrlDomainModel.exists({ name })) throw AppError.conflict(SETTINGS_MESSAGES.shortUrlDomainTaken);
      const created = await createUnique(
        () => ShortUrlDomainModel.create({ name, vendorId, campaign_id: vendorId, createdAt: new Date() }),
        SETTINGS_MESSAGES.shortUrlDomainTaken,
      );
      return presentShortUrlDomain(created.toObject<ShortUrlDomainRecord>());
    },

    async deleteShortUrlDomain(id: string): Promise<void> {
      const { deletedCount } = await ShortUrlDomainModel.deleteOne({ _id: new Types.ObjectId(id) });
      if (deletedCount === 0) throw AppError.notFound(SETTINGS_MESSAGES.shortUrlDomainNotFound);
    },

    async checkShortUrlDomain(name: string): Promise<CheckShortUrlDomainResponse> {
      const row = await ShortUrlDomainModel.findOne({ name }).lean<ShortUrlDomainRecord>();
      return { success: row !== null, data: row ? presentShortUrlDomain(row) : null };
    },

    async allShortUrlDomains(): Promise<ShortUrlDomain[]> {
      const rows = await ShortUrlDomainModel.find({})
        .sort({ createdAt: -1, _id: -1 })
        .limit(MAX_SETTINGS_ROWS)
        .lean<ShortUrlDomainRecord[]>();
      return rows.map(presentShortUrlDomain);
    },

    // ----- white-label host check -----
    async verifyDomain(host: string): Promise<VerifyDomainResponse> {
      if (isAppHost(host, hosts)) return { success: true };
      const domain = await CustomDomainModel.findOne({ name: host }, { vendorId: 1 }).lean<
        Pick<CustomDomainRecord, 'vendorId'>
      >();
      if (!domain) return { success: false };
      const vendor = await UserModel.findOne({ vendorId: domain.vendorId }, { fullName: 1 }).lean<
        Pick<UserRecord, 'fullName'>
      >();
      // A domain whose vendor was removed serves nobody.
      if (!vendor) return { success: false };
      return { success: true, whiteLabelName: vendor.fullName, vendorId: domain.vendorId };
    },

    // ----- the vendor's own settings -----
    async settings(caller: UserRecord, vendorId: number): Promise<VendorSettings> {
      return settingsOf(vendorId === caller.vendorId ? caller : await userByVendorId(vendorId));
    },

    async updateSettings(vendorId: number, changes: VendorSettingsChanges): Promise<VendorSettings> {
      // Only these fields: the body may also carry the caller's apiKey (part 1 §7), which is never set here.
      const set: Record<string, string | boolean> = {};
      for (const key of SETTINGS_FIELDS) {
        const value = changes[key];
        if (value !== undefined) set[key] = value;
      }
      const user =
        Object.keys(set).length === 0
          ? await UserModel.findOne({ vendorId }).lean<UserRecord>()
          : await UserModel.findOneAndUpdate(
              { vendorId },
              { $set: set },
              { returnDocument: 'after', runValidators: true },
            ).lean<UserRecord>();
      if (!user) throw AppError.notFound(SETTINGS_MESSAGES.unknownVendor);
      users.forget(user._id.toHexString());
      return settingsOf(user);
    },
  };
}
