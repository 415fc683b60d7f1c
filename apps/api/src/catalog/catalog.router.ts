import type { Response } from 'express';
import { initServer } from '@ts-rest/express';
import { catalogContract } from '@publisher/contract';
import { callerOf } from '../shared/auth/caller';
import {
  presentCountryMerchantRow,
  presentDeeplink3NewRow,
  presentDeeplink3Row,
  presentDeeplink4NewRow,
  presentDeeplink4Row,
  presentDeeplink5Row,
} from './catalog.presenter';
import { viewerOf, type CatalogService } from './catalog.service';
import { logoSvg, productImageSvg } from './svg-assets';

const s = initServer();

/** Generated images never change: let browsers and proxies keep them, and let the web app's origin load them. */
function imageHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'public, max-age=86400');
  // helmet defaults to same-origin; <img> tags of the web app live on another origin.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

const withoutSvgSuffix = (file: string): string => file.slice(0, -'.svg'.length);

/** Thin handlers: whose view, call the service, return `{ status, body }`. */
export function createCatalogRouter(catalog: CatalogService) {
  return s.router(catalogContract, {
    getProductslist: async ({ query, req }) => ({
      status: 200,
      body: await catalog.products(viewerOf(callerOf(req), query.vendorId), query),
    }),
    getMerchants: async ({ req }) => ({
      status: 200,
      body: await catalog.merchants(viewerOf(callerOf(req)), { activeOnly: true }),
    }),
    getAllMerchants: async ({ req }) => ({
      status: 200,
      body: await catalog.merchants(viewerOf(callerOf(req)), { activeOnly: false }),
    }),
    getMerchantsV2: async ({ query, req }) => ({
      status: 200,
      body: await catalog.merchantsV2(viewerOf(callerOf(req)), query),
    }),
    getCategories: async () => ({ status: 200, body: await catalog.categories() }),
    getAllCategories: async ({ query, req }) => ({
      status: 200,
      body: await catalog.categoryTree(viewerOf(callerOf(req)), query.mids),
    }),

    getCountryMerchants: async ({ query, req }) => ({
      status: 200,
      body: await catalog.countryMerchants(viewerOf(callerOf(req)), query),
    }),
    newdashboardMerchants: async ({ query, req }) => ({
      status: 200,
      body: await catalog.partnerMerchants(
        viewerOf(callerOf(req), query.vendorId),
        'newdashboard',
        query,
        presentCountryMerchantRow,
      ),
    }),
    newdashboardMerchantsSummary: async ({ query, req }) => ({
      status: 200,
      body: await catalog.merchantsSummary(viewerOf(callerOf(req), query.vendorId), 'newdashboard', query.searchText),
    }),

    doneoftheownouMerchants: async ({ query, req }) => ({
      status: 200,
      body: await catalog.partnerMerchants(
        viewerOf(callerOf(req), query.vendorId),
        'doneoftheownou',
        query,
        presentDeeplink3Row,
      ),
    }),
    doneoftheownouMerchantsSummary: async ({ query, req }) => ({
      status: 200,
      body: await catalog.merchantsSummary(viewerOf(callerOf(req), query.vendorId), 'doneoftheownou', query.searchText),
    }),
    doneoftheownouTrackierMerchants: async ({ query, req }) => ({
      status: 200,
      body: await catalog.partnerMerchants(
        viewerOf(callerOf(req), query.vendorId),
        'doneoftheownou',
        query,
        presentDeeplink3NewRow,
      ),
    }),

    shoppermeetMerchants: async ({ query, req }) => ({
      status: 200,
      body: await catalog.partnerMerchants(
        viewerOf(callerOf(req), query.vendorId),
        'shoppermeet',
        query,
        presentDeeplink4Row,
      ),
    }),
    shoppermeetMerchantsSummary: async ({ query, req }) => ({
      status: 200,
      body: await catalog.merchantsSummary(viewerOf(callerOf(req), query.vendorId), 'shoppermeet', query.searchText),
    }),
    shoppermeetTrackierMerchants: async ({ query, req }) => ({
      status: 200,
      body: await catalog.partnerMerchants(
        viewerOf(callerOf(req), query.vendorId),
        'shoppermeet',
        query,
        presentDeeplink4NewRow,
      ),
    }),

    kelkooMerchants: async ({ query, req }) => ({
      status: 200,
      body: await catalog.partnerMerchants(viewerOf(callerOf(req)), 'kelkoo', query, presentDeeplink5Row),
    }),
    kelkooMerchantsSummary: async ({ query, req }) => ({
      status: 200,
      body: await catalog.merchantsSummary(viewerOf(callerOf(req), query.vendorId), 'kelkoo', query.searchText),
    }),

    merchantLogo: async ({ params, query, res }) => {
      imageHeaders(res);
      return { status: 200, body: logoSvg(withoutSvgSuffix(params.file), query.size === 'small' ? 'small' : 'large') };
    },
    productImage: async ({ params, res }) => {
      imageHeaders(res);
      return { status: 200, body: productImageSvg(withoutSvgSuffix(params.file)) };
    },
  });
}
