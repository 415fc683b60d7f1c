import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { vendorIdQuery } from '../catalog/catalog-query';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  addDomainBodySchema,
  addShortUrlDomainBodySchema,
  addTitleFilterBodySchema,
  checkCustomDomainResponseSchema,
  checkNameBodySchema,
  checkShortUrlDomainResponseSchema,
  checkShortUrlNameBodySchema,
  customDomainListResponseSchema,
  customDomainResponseSchema,
  deleteByIdBodySchema,
  settingsNoticeResponseSchema,
  shortUrlDomainListResponseSchema,
  shortUrlDomainResponseSchema,
  titleFilterListResponseSchema,
  titleFilterResponseSchema,
  updateVendorSettingsBodySchema,
  updateVendorSettingsResponseSchema,
  vendorSettingsResponseSchema,
  verifyDomainQuerySchema,
  verifyDomainResponseSchema,
} from './settings.schema';

const c = initContract();
const admin = routeMetadata('admin');
const token = routeMetadata('token');
const open = routeMetadata('public');

/** Admin or own: `vendorId` names another vendor's settings (the admin only; 403 otherwise). */
export const vendorSettingsQuerySchema = z.object({ vendorId: vendorIdQuery });

/**
 * Part 2 §7 "Settings": custom domains, unique title filters and short-URL domains (admin only, paths as the
 * spec writes them), the public white-label host check, and the vendor's own settings. Lists are small
 * (admin-entered) and answered whole, newest first, at most 1,000 rows.
 */
export const settingsContract = c.router(
  {
    // ----- custom domains (/addCustomDomain) -----
    addDomainName: {
      method: 'POST',
      path: '/dashboard/addDomainName',
      body: addDomainBodySchema,
      responses: { 200: customDomainResponseSchema },
      metadata: admin,
      summary:
        'Adds a white-label custom domain for a vendor. Designed body { name, vendorId }: name is stored lower-cased ' +
        '(a pasted scheme or trailing slash is dropped) and must be a host name; 400 "Please enter valid name" when ' +
        'empty, 400 when the vendorId is no vendor, 409 when the domain exists. Answers { data, statusMessages }.',
    },
    deleteDomain: {
      method: 'POST',
      path: '/dashboard/deleteDomain',
      body: deleteByIdBodySchema,
      responses: { 200: settingsNoticeResponseSchema },
      metadata: admin,
      summary: 'Deletes a custom domain by { _id }; 404 when there is none. Answers { statusMessages }.',
    },
    checkDomainNameIsExit: {
      method: 'POST',
      path: '/dashboard/checkDomainNameIsExit',
      body: checkNameBodySchema,
      responses: { 200: checkCustomDomainResponseSchema },
      metadata: admin,
      summary:
        'Whether a custom domain name is taken: { success: true, data: row } or { success: false, data: null }. ' +
        'Admin only; the public host check of the web is GET /dashboard/verifyDomain.',
    },
    allCustomDomains: {
      method: 'GET',
      path: '/dashboard/allCustomDomains',
      responses: { 200: customDomainListResponseSchema },
      metadata: admin,
      summary: 'Every custom domain, newest first. Designed shape: { data }.',
    },

    // ----- unique title filters (/uniqueTitleFilters) -----
    addTitleFilters: {
      method: 'POST',
      path: '/dashboard/addTitleFilters',
      body: addTitleFilterBodySchema,
      responses: { 200: titleFilterResponseSchema },
      metadata: admin,
      summary:
        'Adds a title filter. Designed body { filter, campaign_id? }: products whose title contains the filter ' +
        '(case-insensitive, spaces collapsed, plain substring) disappear from GET /home/getProductslist, for every ' +
        'vendor or only campaign_id. 400 "Please enter valid name" when empty, 409 when the same text exists.',
    },
    deleteTitleFilters: {
      method: 'POST',
      path: '/dashboard/deleteTitleFilters',
      body: deleteByIdBodySchema,
      responses: { 200: settingsNoticeResponseSchema },
      metadata: admin,
      summary: 'Deletes a title filter by { _id }; 404 when there is none. The product lists show its titles again.',
    },
    allTitleFilters: {
      method: 'GET',
      path: '/dashboard/allTitleFilters',
      responses: { 200: titleFilterListResponseSchema },
      metadata: admin,
      summary: 'Every title filter ("Existing Sizes Titles list"), newest first. Designed shape: { data }.',
    },

    // ----- short URL domains (/shortURLDomains) -----
    addShortURLDomainName: {
      method: 'POST',
      path: '/dashboard/addShortURLDomainName',
      body: addShortUrlDomainBodySchema,
      responses: { 200: shortUrlDomainResponseSchema },
      metadata: admin,
      summary:
        "Adds a host the shortener may issue a vendor's short links on. Designed body { name, vendorId }, the rules " +
        'of addDomainName (lower-cased host name, here with an optional :port such as go.localhost:3333; 400 ' +
        'empty or unknown vendor, 409 duplicate).',
    },
    deleteShortURLDomain: {
      method: 'POST',
      path: '/dashboard/deleteShortURLDomain',
      body: deleteByIdBodySchema,
      responses: { 200: settingsNoticeResponseSchema },
      metadata: admin,
      summary: 'Deletes a short URL domain by { _id }; 404 when there is none. Links issued on it keep their code.',
    },
    checkShortURLNameIsExit: {
      method: 'POST',
      path: '/dashboard/checkShortURLNameIsExit',
      body: checkShortUrlNameBodySchema,
      responses: { 200: checkShortUrlDomainResponseSchema },
      metadata: admin,
      summary: 'Whether a short URL domain name is taken: { success, data }.',
    },
    allShortURLDomains: {
      method: 'GET',
      path: '/dashboard/allShortURLDomains',
      responses: { 200: shortUrlDomainListResponseSchema },
      metadata: admin,
      summary: 'Every short URL domain, newest first (rows shown as "vendorId - name"). Designed shape: { data }.',
    },

    // ----- white-label host check -----
    verifyDomain: {
      method: 'GET',
      path: '/dashboard/verifyDomain',
      query: verifyDomainQuerySchema,
      responses: { 200: verifyDomainResponseSchema },
      metadata: open,
      summary:
        'Designed (the spec does not show the path): the host the web is served on. A vendor custom domain -> ' +
        '{ success: true, whiteLabelName, vendorId }; localhost, 127.0.0.1 and the configured app and brand hosts ' +
        '-> { success: true }; anything else -> { success: false } (the blocking page). Public.',
    },

    // ----- the vendor's own settings (/Settings) -----
    getSettings: {
      method: 'GET',
      path: '/dashboard/settings',
      query: vendorSettingsQuerySchema,
      responses: { 200: vendorSettingsResponseSchema },
      metadata: token,
      summary:
        "Designed: the caller's settings (apiKey, short-URL switch, secondary emails, short-URL and custom domains). " +
        'The admin may name another vendor with vendorId.',
    },
    updateSettings: {
      method: 'PUT',
      path: '/dashboard/settings',
      query: vendorSettingsQuerySchema,
      body: updateVendorSettingsBodySchema,
      responses: { 200: updateVendorSettingsResponseSchema },
      metadata: token,
      summary:
        'Designed: changes the sent fields of { isShortUrlEnabled, secondaryEmail..secondaryEmail4 } (each email ' +
        'empty or valid). A vendor may switch its own short URLs on and off. The apiKey is rotated by ' +
        'POST /auth/regenerateApiKey.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
