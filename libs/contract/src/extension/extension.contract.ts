import { initContract } from '@ts-rest/core';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  extensionAccountParamsSchema,
  extensionDailyResponseSchema,
  extensionDateQuerySchema,
  extensionDeviceResponseSchema,
  extensionLoginBodySchema,
  extensionLoginResponseSchema,
  extensionMarketResponseSchema,
  extensionRangeSchema,
  extensionRevenueResponseSchema,
  saveExtensionReportsResponseSchema,
  savedExtensionReportsResponseSchema,
} from './extension.schema';

const c = initContract();

/** The mock service's routes check its own bearer token in the handler, not a portal session. */
const open = routeMetadata('public');
const admin = routeMetadata('admin');

const SERVICE_NOTE =
  ' Mock of the extension revenue service (part 2 §7): needs `Authorization: Bearer <token of /api/auth/login>`; deterministic rows.';

/**
 * Extension revenue. The first four routes mock the outside revenue service (its credentials live in the API's
 * configuration: EXTENSION_SERVICE_EMAIL / EXTENSION_SERVICE_PASSWORD / EXTENSION_ACCOUNT). The portal's own calls
 * (`/extension/*`) are what the web uses: the API signs in to the service server-side.
 */
export const extensionContract = c.router(
  {
    serviceLogin: {
      method: 'POST',
      path: '/api/auth/login',
      body: extensionLoginBodySchema,
      responses: { 200: extensionLoginResponseSchema },
      metadata: open,
      summary: 'Mock revenue service sign-in: email and password of the configured service account -> token (1 hour).',
    },
    serviceDaily: {
      method: 'GET',
      path: '/api/users/y_daily_paged/accounts/:account',
      pathParams: extensionAccountParamsSchema,
      query: extensionDateQuerySchema,
      responses: { 200: extensionDailyResponseSchema },
      metadata: open,
      summary: `Daily revenue rows of the account for the date.${SERVICE_NOTE}`,
    },
    serviceDevice: {
      method: 'GET',
      path: '/api/users/y_device/accounts/:account',
      pathParams: extensionAccountParamsSchema,
      query: extensionDateQuerySchema,
      responses: { 200: extensionDeviceResponseSchema },
      metadata: open,
      summary: `Revenue rows per device_type of the account for the date.${SERVICE_NOTE}`,
    },
    serviceMarket: {
      method: 'GET',
      path: '/api/users/y_market/accounts/:account',
      pathParams: extensionAccountParamsSchema,
      query: extensionDateQuerySchema,
      responses: { 200: extensionMarketResponseSchema },
      metadata: open,
      summary: `Revenue rows per user_country and market of the account for the date.${SERVICE_NOTE}`,
    },

    getExtensionRevenue: {
      method: 'GET',
      path: '/extension/revenue',
      query: extensionDateQuerySchema,
      responses: { 200: extensionRevenueResponseSchema },
      metadata: admin,
      summary:
        "Designed (admin: partner-wide revenue): the extension dashboard's Daily, Device and Market rows of one date, fetched by the API from the revenue service with the service credentials of its configuration (the web never holds them).",
    },
    saveExtensionReports: {
      method: 'POST',
      path: '/extension/saveReports',
      body: extensionRangeSchema,
      responses: { 200: saveExtensionReportsResponseSchema },
      metadata: admin,
      summary:
        'Designed (admin): "Save Reports to DB" of the extension variant page: fetches and saves the Daily, Device and Market rows of every date of the range (at most 31 days; a date saved again is replaced) and answers what was saved.',
    },
    getSavedExtensionReports: {
      method: 'GET',
      path: '/extension/savedReports',
      query: extensionRangeSchema,
      responses: { 200: savedExtensionReportsResponseSchema },
      metadata: admin,
      summary:
        'Designed (admin): the "Daily Reports Info" of the variant page: what is saved for each date of the range.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
