import { initServer } from '@ts-rest/express';
import { SETTINGS_MESSAGES, settingsContract } from '@publisher/contract';
import { callerOf, readableVendorId } from '../shared/auth/caller';
import type { SettingsService } from './settings.service';

const s = initServer();

const OTHER_VENDOR_SETTINGS = "Only the admin can read or change another vendor's settings.";

/** Thin handlers; access (admin, token, public) is declared in the contract and enforced by the access middleware. */
export function createSettingsRouter(settings: SettingsService) {
  return s.router(settingsContract, {
    addDomainName: async ({ body }) => ({
      status: 200,
      body: {
        data: await settings.addCustomDomain(body.name, body.vendorId),
        statusMessages: [SETTINGS_MESSAGES.domainAdded],
      },
    }),
    deleteDomain: async ({ body }) => {
      await settings.deleteCustomDomain(body._id);
      return { status: 200, body: { statusMessages: [SETTINGS_MESSAGES.domainDeleted] } };
    },
    checkDomainNameIsExit: async ({ body }) => ({ status: 200, body: await settings.checkCustomDomain(body.name) }),
    allCustomDomains: async () => ({ status: 200, body: { data: await settings.allCustomDomains() } }),

    addTitleFilters: async ({ body }) => ({
      status: 200,
      body: {
        data: await settings.addTitleFilter(body.filter, body.campaign_id),
        statusMessages: [SETTINGS_MESSAGES.filterAdded],
      },
    }),
    deleteTitleFilters: async ({ body }) => {
      await settings.deleteTitleFilter(body._id);
      return { status: 200, body: { statusMessages: [SETTINGS_MESSAGES.filterDeleted] } };
    },
    allTitleFilters: async () => ({ status: 200, body: { data: await settings.allTitleFilters() } }),

    addShortURLDomainName: async ({ body }) => ({
      status: 200,
      body: {
        data: await settings.addShortUrlDomain(body.name, body.vendorId),
        statusMessages: [SETTINGS_MESSAGES.shortUrlDomainAdded],
      },
    }),
    deleteShortURLDomain: async ({ body }) => {
      await settings.deleteShortUrlDomain(body._id);
      return { status: 200, body: { statusMessages: [SETTINGS_MESSAGES.shortUrlDomainDeleted] } };
    },
    checkShortURLNameIsExit: async ({ body }) => ({
      status: 200,
      body: await settings.checkShortUrlDomain(body.name),
    }),
    allShortURLDomains: async () => ({ status: 200, body: { data: await settings.allShortUrlDomains() } }),

    verifyDomain: async ({ query }) => ({ status: 200, body: await settings.verifyDomain(query.host) }),

    getSettings: async ({ query, req }) => {
      const caller = callerOf(req);
      const vendorId = readableVendorId(caller, query.vendorId, OTHER_VENDOR_SETTINGS);
      return { status: 200, body: { data: await settings.settings(caller.user, vendorId) } };
    },
    updateSettings: async ({ query, body, req }) => {
      const caller = callerOf(req);
      const vendorId = readableVendorId(caller, query.vendorId, OTHER_VENDOR_SETTINGS);
      return {
        status: 200,
        body: {
          data: await settings.updateSettings(vendorId, body),
          statusMessages: [SETTINGS_MESSAGES.settingsUpdated],
        },
      };
    },
  });
}
