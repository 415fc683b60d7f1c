import { initContract } from '@ts-rest/core';
import { authContract } from './auth/auth.contract';
import { systemContract } from './system/system.contract';

const c = initContract();

/**
 * The whole API. Each domain router lives in its own folder; later domains (reports, coupons, catalog,
 * deep-links, settings, uploads, feeds, content, extension, shortener, admin) are added here.
 */
export const contract = c.router({
  system: systemContract,
  auth: authContract,
});

export type Contract = typeof contract;
