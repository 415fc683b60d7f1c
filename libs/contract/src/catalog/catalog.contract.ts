import { initContract } from '@ts-rest/core';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  assetFileSchema,
  categoryListResponseSchema,
  categoryTreeQuerySchema,
  categoryTreeResponseSchema,
  countryMerchantListResponseSchema,
  countryMerchantsQuerySchema,
  countryMerchantsResponseSchema,
  deeplink3MerchantListResponseSchema,
  deeplink3NewMerchantListResponseSchema,
  deeplink4MerchantListResponseSchema,
  deeplink4NewMerchantListResponseSchema,
  deeplink5MerchantListResponseSchema,
  kelkooMerchantsQuerySchema,
  logoQuerySchema,
  merchantListResponseSchema,
  merchantsV2QuerySchema,
  merchantSummaryQuerySchema,
  merchantSummaryResponseSchema,
  partnerMerchantsQuerySchema,
  productListResponseSchema,
  productsQuerySchema,
} from './catalog.schema';

const c = initContract();

/** A generated image: `image/svg+xml`, cacheable, loadable cross-origin by the web app. */
const svg = c.otherResponse({ contentType: 'image/svg+xml', body: c.type<string>() });

/** Path of the country-keyed merchant list of deep link 2 (the spec does not show it; designed here). */
export const COUNTRY_MERCHANTS_PATH = '/home/getCountryMerchants' as const;

const token = routeMetadata('token');

/**
 * Merchants, categories and products. Every list is a signed-in screen (`token`); the generated images are
 * public so that `<img>` tags can load them. See catalog.schema.ts for which source serves which row shape.
 */
export const catalogContract = c.router(
  {
    // ----- connexity source (API 1), categories and products -----
    getProductslist: {
      method: 'GET',
      path: '/home/getProductslist',
      query: productsQuerySchema,
      responses: { 200: productListResponseSchema },
      metadata: token,
      summary:
        'Products page: search, merchant, offered-only, price range, categories, sort; total capped at 10000; paged by pageNo, 1-based (1 is the first page).',
    },
    getMerchants: {
      method: 'GET',
      path: '/home/getMerchants',
      responses: { 200: merchantListResponseSchema },
      metadata: token,
      summary: 'Active connexity merchants (those with products), by name.',
    },
    getAllMerchants: {
      method: 'GET',
      path: '/home/getAllMerchants',
      responses: { 200: merchantListResponseSchema },
      metadata: token,
      summary: 'Every connexity merchant, active or not, by name.',
    },
    getMerchantsV2: {
      method: 'GET',
      path: '/home/getMerchantsV2',
      query: merchantsV2QuerySchema,
      responses: { 200: merchantListResponseSchema },
      metadata: token,
      summary:
        'Connexity merchants, paged and searchable (deep link 1 merchant search); isPublisherAI: CPA only; paged by pageNo, 1-based (1 is the first page).',
    },
    getCategories: {
      method: 'GET',
      path: '/home/getCategories',
      responses: { 200: categoryListResponseSchema },
      metadata: token,
      summary: 'Active categories (those holding products), flat, by name.',
    },
    getAllCategories: {
      method: 'GET',
      path: '/home/getAllCategories',
      query: categoryTreeQuerySchema,
      responses: { 200: categoryTreeResponseSchema },
      metadata: token,
      summary: 'The category tree (id, name, children.category); with mids, only those merchants\u2019 categories.',
    },

    // ----- API 2: newdashboard source -----
    getCountryMerchants: {
      method: 'GET',
      path: COUNTRY_MERCHANTS_PATH,
      query: countryMerchantsQuerySchema,
      responses: { 200: countryMerchantsResponseSchema },
      metadata: token,
      summary:
        'Deep link 2: country-keyed merchants with CPC/CPA flags and sort, plus the per-country summary; paged by pageNo, 1-based (1 is the first page).',
    },
    newdashboardMerchants: {
      method: 'GET',
      path: '/newdashboard/getMerchants',
      query: partnerMerchantsQuerySchema,
      responses: { 200: countryMerchantListResponseSchema },
      metadata: token,
      summary:
        'Deep link 2 merchants (country, domain, ave_cpa_rate, ave_cpc), by domain; paged by pageNo, 1-based (1 is the first page).',
    },
    newdashboardMerchantsSummary: {
      method: 'GET',
      path: '/newdashboard/getMerchantsSummary',
      query: merchantSummaryQuerySchema,
      responses: { 200: merchantSummaryResponseSchema },
      metadata: token,
      summary: 'Deep link 2 merchants per country.',
    },

    // ----- API 3 and 3 New: doneoftheownou source -----
    doneoftheownouMerchants: {
      method: 'GET',
      path: '/doneoftheownou/getMerchants',
      query: partnerMerchantsQuerySchema,
      responses: { 200: deeplink3MerchantListResponseSchema },
      metadata: token,
      summary:
        'Deep link 3 merchants with the redirect_link template (CLICK_ID, SUB_ID, LINK); paged by pageNo, 1-based (1 is the first page).',
    },
    doneoftheownouMerchantsSummary: {
      method: 'GET',
      path: '/doneoftheownou/getMerchantsSummary',
      query: merchantSummaryQuerySchema,
      responses: { 200: merchantSummaryResponseSchema },
      metadata: token,
      summary: 'Deep link 3 (and 3 New) merchants per country.',
    },
    doneoftheownouTrackierMerchants: {
      method: 'GET',
      path: '/doneoftheownou/trackier/getMerchants',
      query: partnerMerchantsQuerySchema,
      responses: { 200: deeplink3NewMerchantListResponseSchema },
      metadata: token,
      summary:
        'Deep link 3 (New) merchants with the trackingLink template ({PLACEMENT_ID}, {CLICK_ID}); paged by pageNo, 1-based (1 is the first page).',
    },

    // ----- API 4 and 4 New: shoppermeet source -----
    shoppermeetMerchants: {
      method: 'GET',
      path: '/shoppermeet/getMerchants',
      query: partnerMerchantsQuerySchema,
      responses: { 200: deeplink4MerchantListResponseSchema },
      metadata: token,
      summary:
        'Deep link 4 merchants with avg_payout_commission and the redirect_link template; paged by pageNo, 1-based (1 is the first page).',
    },
    shoppermeetMerchantsSummary: {
      method: 'GET',
      path: '/shoppermeet/getMerchantsSummary',
      query: merchantSummaryQuerySchema,
      responses: { 200: merchantSummaryResponseSchema },
      metadata: token,
      summary: 'Deep link 4 (and 4 New) merchants per country.',
    },
    shoppermeetTrackierMerchants: {
      method: 'GET',
      path: '/shoppermeet/trackier/getMerchants',
      query: partnerMerchantsQuerySchema,
      responses: { 200: deeplink4NewMerchantListResponseSchema },
      metadata: token,
      summary:
        'Deep link 4 (New) merchants with the trackingLink template ({PLACEMENT_ID}, {CLICK_ID}); paged by pageNo, 1-based (1 is the first page).',
    },

    // ----- API 5: kelkoo source -----
    kelkooMerchants: {
      method: 'GET',
      path: '/kelkoo/getMerchants',
      query: kelkooMerchantsQuerySchema,
      responses: { 200: deeplink5MerchantListResponseSchema },
      metadata: token,
      summary: 'Deep link 5 merchants with the estimated CPC; paged by pageNo, 1-based (1 is the first page).',
    },
    kelkooMerchantsSummary: {
      method: 'GET',
      path: '/kelkoo/getMerchantsSummary',
      query: merchantSummaryQuerySchema,
      responses: { 200: merchantSummaryResponseSchema },
      metadata: token,
      summary: 'Deep link 5 merchants per country.',
    },

    // ----- generated images (public) -----
    merchantLogo: {
      method: 'GET',
      path: '/assets/logos/:file',
      pathParams: assetFileSchema,
      query: logoQuerySchema,
      responses: { 200: svg },
      metadata: routeMetadata('public'),
      summary: 'A generated SVG logo for `<slug>.svg` (letters and colours from a hash of the slug).',
    },
    productImage: {
      method: 'GET',
      path: '/assets/products/:file',
      pathParams: assetFileSchema,
      responses: { 200: svg },
      metadata: routeMetadata('public'),
      summary: 'A generated SVG product image for `<product id>.svg`.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
