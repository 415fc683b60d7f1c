import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract, routeAccessOf } from '@publisher/contract';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) => (isAppRoute(entry) ? [entry] : routesOf(entry)));
}

const adminRoutes = routesOf(contract).filter((route) => routeAccessOf(route) === 'admin');

let vendor: BuiltVendor;

beforeAll(async () => {
  vendor = await buildVendor();
});

describe('every admin call of the contract refuses a vendor', () => {
  it('covers the settings, logs, saves and upload calls', () => {
    const paths = adminRoutes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/dashboard/addDomainName',
        '/dashboard/allShortURLDomains',
        '/home/createBulkReports',
        '/home/getAllVendors',
        '/home/logs/reportRuns',
      ]),
    );
  });

  it.each(adminRoutes.map((route) => [route.method, route.path, route] as const))(
    '%s %s: 403 in the envelope, whatever the input',
    async (method, path) => {
      const url = path.replace(/:[A-Za-z]+/g, 'x');
      const call = request(ctx.app)[method === 'GET' ? 'get' : method === 'PUT' ? 'put' : 'post'](url);
      const res = await call.set('Authorization', vendor.token).send({});
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusMessages: ['You do not have access to this resource.'],
        errors: ['You do not have access to this resource.'],
      });
    },
  );
});
