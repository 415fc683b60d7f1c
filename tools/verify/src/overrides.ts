import { contract } from '@publisher/contract';
import type { HttpAnswer } from './http';
import type { Session } from './session';
import type { VerifyContext } from './verify';

/** The request the verifier sends to a route as a valid one, and the status it expects. */
export interface RouteRequest {
  /** The caller; its token goes in Authorization unless `token` says otherwise. */
  session: Session | undefined;
  /** Another bearer token (the extension service's). */
  token?: string | undefined;
  params?: Record<string, string> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  rawBody?: { contentType: string; data: string } | undefined;
  expectStatus: number;
  /** Removes what the valid request created, once it has been checked. */
  cleanUp?: (answer: HttpAnswer) => Promise<void>;
}

export interface RouteOverride {
  /** Who calls: default the admin for admin routes, nobody for public ones, the demo vendor otherwise. */
  as?: 'admin' | 'vendor' | 'throwaway' | 'none';
  /** Adjusts the request generated from the schemas (seed knowledge, records to act on). */
  build?: (generated: RouteRequest, context: VerifyContext) => Promise<RouteRequest>;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));

/** The `_id` of the record an add or create call answered (`{ data: { _id } }`). */
const createdId = (body: unknown): string => text(record(record(body).data)['_id']);

async function signedIn(context: VerifyContext, as: 'admin' | 'vendor' | 'throwaway'): Promise<Session> {
  return context[as]();
}

/** An admin helper call with the caller's token. */
async function asAdmin(context: VerifyContext, method: string, path: string, body?: unknown, query?: Json) {
  const admin = await signedIn(context, 'admin');
  return context.json({ method, path, body, query, token: admin.token });
}

/** Deletes what an add call created: the add route's own record, by the delete route of its kind. */
const deleteCreated =
  (context: VerifyContext, deletePath: string) =>
  async (answer: HttpAnswer): Promise<void> => {
    await asAdmin(context, 'POST', deletePath, { _id: createdId(JSON.parse(answer.text)) });
  };

/** A host name no demo record has. */
const uniqueHost = (context: VerifyContext): string => `${context.unique('verify')}.example.com`;

/** A generated deep link 1 of the demo vendor (on the API's tracking host), with its query. */
async function deepLink1(context: VerifyContext): Promise<URL> {
  const vendor = await signedIn(context, 'vendor');
  const merchants = record(
    await context.json({ method: 'GET', path: contract.catalog.getMerchants.path, token: vendor.token }),
  );
  const first = record(record((merchants['data'] as unknown[] | undefined)?.[0])['merchantInfo']);
  const link = record(
    await context.json({
      method: 'POST',
      path: contract.deepLinks.generateDeepLink.path,
      body: { merchantUrl: first['merchantUrl'] },
      token: vendor.token,
    }),
  );
  return new URL(text(record(link['deepLinkInfo'])['link']));
}

/** A short link the verifier made of one of its deep links: its code. */
async function shortCode(context: VerifyContext): Promise<string> {
  const vendor = await signedIn(context, 'vendor');
  const link = await deepLink1(context);
  const created = record(
    await context.json({
      method: 'POST',
      path: contract.deepLinks.createShortUrl.path,
      body: { url: link.href },
      token: vendor.token,
    }),
  );
  const tinyUrl = new URL(text(record(created['data'])['tiny_url']));
  return tinyUrl.pathname.split('/').pop() ?? '';
}

/** A signed upload URL for a small podcast file: the path key and the signed query. */
async function signedUpload(context: VerifyContext): Promise<{ key: string; query: Json }> {
  const signed = record(
    await asAdmin(context, 'GET', contract.content.getPodcastSignedUrl.path, undefined, {
      fileName: `${context.unique('verify')}.mp3`,
      contentType: 'audio/mpeg',
    }),
  );
  const url = new URL(text(signed['uploadUrl']));
  return {
    key: decodeURIComponent(url.pathname.split('/').pop() ?? ''),
    query: Object.fromEntries(url.searchParams.entries()),
  };
}

/** A few bytes standing in for an MP3 (the mock storage keeps what it is sent). */
const AUDIO_BYTES = 'ID3-verify-audio';

async function uploadedFileKey(context: VerifyContext): Promise<string> {
  const { key, query } = await signedUpload(context);
  const answer = await context.raw({
    method: 'PUT',
    path: `/prodcast/upload/${encodeURIComponent(key)}`,
    query,
    rawBody: { contentType: 'audio/mpeg', data: AUDIO_BYTES },
  });
  if (answer.status !== 201) throw new Error(`uploading a podcast file answered ${answer.status}`);
  return key;
}

/** The id of the first item a list route answers (`{ data: [{ _id }] }`), read as the caller; else undefined. */
async function firstListedId(context: VerifyContext, session: Session | undefined, path: string) {
  const list = record(await context.json({ method: 'GET', path, token: session?.token }));
  const first = (list['data'] as unknown[] | undefined)?.[0];
  return first === undefined ? undefined : createdId({ data: first });
}

/** An event, podcast or quote the verifier creates, to read or update. */
async function createdContent(context: VerifyContext, path: string, body: Json): Promise<string> {
  return createdId(await asAdmin(context, 'POST', path, body));
}

const eventBody = (context: VerifyContext): Json => ({
  title: context.unique('Verify event'),
  startsAt: '2099-01-01T10:00:00.000Z',
  endsAt: '2099-01-01T12:00:00.000Z',
});
const podcastBody = (context: VerifyContext): Json => ({
  ...context.sampleBody(contract.content.createPodcast, undefined),
  title: context.unique('Verify podcast'),
});

/** A calendar day far from the demo data, unique to this run (daily quotes allow one per date). */
function uniqueFarDay(context: VerifyContext): string {
  const seed = Number.parseInt(context.unique('').replace(/\D/g, '').slice(-6) || '1', 10);
  const year = 2100 + (seed % 800);
  const month = 1 + (Math.floor(seed / 800) % 12);
  const day = 1 + (Math.floor(seed / 9600) % 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const quoteBody = (context: VerifyContext): Json => ({
  quote: 'Verify quote',
  author: 'Verify Bot',
  date: uniqueFarDay(context),
});

const withBody = (generated: RouteRequest, body: Json): RouteRequest => ({
  ...generated,
  body: { ...record(generated.body), ...body },
});

/**
 * The routes whose valid input cannot be generated from the schemas alone, or that must act on records the
 * verifier creates itself so demo data is never changed (accounts it signs up, hosts and filters it adds and
 * deletes again, reports of its own vendor on a day far in the past).
 */
export const ROUTE_OVERRIDES: Readonly<Record<string, RouteOverride>> = {
  'auth.signin': {
    // Nobody is signed in for it; the account it signs in as comes from its build.
    as: 'none',
    build: async (generated, context) => {
      // Read-only runs sign up nobody: they sign in with the credentials they were given.
      if (context.readOnly && context.knownCredentials) {
        return { ...generated, session: undefined, body: { ...context.knownCredentials } };
      }
      const account = await context.throwaway();
      return { ...generated, session: undefined, body: { email: account.user.email, password: context.password } };
    },
  },
  'auth.getUser': {
    build: async (generated) => ({ ...generated, params: { id: generated.session?.user._id ?? '' } }),
  },
  'auth.update': { as: 'throwaway' },
  'auth.changePassword': {
    build: async (generated, context) => {
      // Its own account: a password change ends every session of the account it changes.
      const account = await context.throwaway('password change');
      return {
        ...generated,
        session: account,
        body: { _id: account.user._id, currentPassword: context.password, newPassword: 'Verify#2026-changed' },
      };
    },
  },
  'auth.regenerateApiKey': { as: 'throwaway' },
  'reports.createBulkReports': {
    build: async (generated, context) => {
      // Rows of the verifier's own vendor on a day long before the demo data: no demo row is replaced.
      const account = await context.throwaway();
      const day = '2001-01-01';
      const body = record(generated.body);
      const reports = (body['reports'] as unknown[]).map((row) => ({
        ...record(row),
        FROM_DATE: day,
        TO_DATE: day,
        CAMPAIGN_ID: account.user.vendorId,
      }));
      return { ...generated, body: { ...body, reports, uniqueDates: [day] } };
    },
  },
  'catalog.merchantLogo': {
    as: 'vendor',
    build: async (generated, context) => {
      const vendor = await signedIn(context, 'vendor');
      const merchants = record(
        await context.json({ method: 'GET', path: contract.catalog.getMerchants.path, token: vendor.token }),
      );
      const info = record(record((merchants['data'] as unknown[] | undefined)?.[0])['merchantInfo']);
      const file = new URL(text(info['logoUrl'])).pathname.split('/').pop() ?? '';
      return { ...generated, session: undefined, params: { file: decodeURIComponent(file) } };
    },
  },
  'catalog.productImage': {
    as: 'vendor',
    build: async (generated, context) => {
      const vendor = await signedIn(context, 'vendor');
      const products = record(
        await context.json({ method: 'GET', path: contract.catalog.getProductslist.path, token: vendor.token }),
      );
      const found = JSON.stringify(products).match(/\/assets\/products\/([^"?/]+)/);
      return { ...generated, session: undefined, params: { file: decodeURIComponent(found?.[1] ?? '') } };
    },
  },
  'deepLinks.generateDeepLink': {
    build: async (generated, context) => {
      const vendor = await signedIn(context, 'vendor');
      const merchants = record(
        await context.json({ method: 'GET', path: contract.catalog.getMerchants.path, token: vendor.token }),
      );
      const info = record(record((merchants['data'] as unknown[] | undefined)?.[0])['merchantInfo']);
      return withBody(generated, { merchantUrl: info['merchantUrl'] });
    },
  },
  'deepLinks.generateDeepLinkAll': {
    build: async (generated, context) => {
      const vendor = await signedIn(context, 'vendor');
      const merchants = record(
        await context.json({
          method: 'GET',
          path: contract.catalog.newdashboardMerchants.path,
          query: { country: 'us' },
          token: vendor.token,
        }),
      );
      const first = record((merchants['data'] as unknown[] | undefined)?.[0]);
      return withBody(generated, { merchantUrl: first['domain'], country: 'us' });
    },
  },
  'deepLinks.generateKelkooDeepLink': {
    build: async (generated, context) => {
      const vendor = await signedIn(context, 'vendor');
      const merchants = record(
        await context.json({
          method: 'GET',
          path: contract.catalog.kelkooMerchants.path,
          query: { country: 'us' },
          token: vendor.token,
        }),
      );
      const first = record((merchants['data'] as unknown[] | undefined)?.[0]);
      return withBody(generated, { merchantUrl: first['url'], country: 'us' });
    },
  },
  // Deep links 3 and 4 are on in the admin's menu (not in the demo vendor's).
  'deepLinks.downloadDeeplink3MerchantLinks': { as: 'admin' },
  'deepLinks.downloadDeeplink3NewMerchantLinks': { as: 'admin' },
  'deepLinks.downloadDeeplink4MerchantLinks': { as: 'admin' },
  'deepLinks.downloadDeeplink4NewMerchantLinks': { as: 'admin' },
  'deepLinks.followDirectLink': {
    build: async (generated, context) => {
      const link = await deepLink1(context);
      return { ...generated, query: Object.fromEntries(link.searchParams.entries()) };
    },
  },
  'deepLinks.createShortUrl': {
    build: async (generated, context) => withBody(generated, { url: (await deepLink1(context)).href }),
  },
  'deepLinks.followShortUrl': {
    build: async (generated, context) => ({ ...generated, params: { code: await shortCode(context) } }),
  },
  'settings.addDomainName': {
    build: async (generated, context) => {
      const account = await context.throwaway();
      return {
        ...withBody(generated, { name: uniqueHost(context), vendorId: account.user.vendorId }),
        cleanUp: deleteCreated(context, contract.settings.deleteDomain.path),
      };
    },
  },
  'settings.deleteDomain': {
    build: async (generated, context) => {
      const account = await context.throwaway();
      const added = await asAdmin(context, 'POST', contract.settings.addDomainName.path, {
        name: uniqueHost(context),
        vendorId: account.user.vendorId,
      });
      return withBody(generated, { _id: createdId(added) });
    },
  },
  'settings.addTitleFilters': {
    build: async (generated, context) => {
      // Limited to the verifier's own vendor, so no demo product list changes even for a moment.
      const account = await context.throwaway();
      return {
        ...withBody(generated, { filter: context.unique('verify filter'), campaign_id: account.user.vendorId }),
        cleanUp: deleteCreated(context, contract.settings.deleteTitleFilters.path),
      };
    },
  },
  'settings.deleteTitleFilters': {
    build: async (generated, context) => {
      const account = await context.throwaway();
      const added = await asAdmin(context, 'POST', contract.settings.addTitleFilters.path, {
        filter: context.unique('verify filter'),
        campaign_id: account.user.vendorId,
      });
      return withBody(generated, { _id: createdId(added) });
    },
  },
  'settings.addShortURLDomainName': {
    build: async (generated, context) => {
      const account = await context.throwaway();
      return {
        ...withBody(generated, { name: uniqueHost(context), vendorId: account.user.vendorId }),
        cleanUp: deleteCreated(context, contract.settings.deleteShortURLDomain.path),
      };
    },
  },
  'settings.deleteShortURLDomain': {
    build: async (generated, context) => {
      const account = await context.throwaway();
      const added = await asAdmin(context, 'POST', contract.settings.addShortURLDomainName.path, {
        name: uniqueHost(context),
        vendorId: account.user.vendorId,
      });
      return withBody(generated, { _id: createdId(added) });
    },
  },
  'settings.updateSettings': { as: 'throwaway' },
  'extension.serviceLogin': {
    build: async (generated, context) => ({ ...generated, body: serviceCredentials(context) }),
  },
  'extension.serviceDaily': { build: async (generated, context) => withServiceToken(generated, context) },
  'extension.serviceDevice': { build: async (generated, context) => withServiceToken(generated, context) },
  'extension.serviceMarket': { build: async (generated, context) => withServiceToken(generated, context) },
  'content.createEvent': {
    build: async (generated, context) => withBody(generated, eventBody(context)),
  },
  'content.getEventById': {
    // A listed one (the caller may not be allowed to create), else one the admin creates.
    build: async (generated, context) =>
      withBody(generated, {
        id:
          (await firstListedId(context, generated.session, contract.content.getAllEvents.path)) ??
          (await createdContent(context, contract.content.createEvent.path, eventBody(context))),
      }),
  },
  'content.updateEvent': {
    build: async (generated, context) =>
      withBody(generated, {
        id: await createdContent(context, contract.content.createEvent.path, eventBody(context)),
        title: context.unique('Verify event renamed'),
      }),
  },
  'content.createPodcast': {
    build: async (generated, context) => withBody(generated, podcastBody(context)),
  },
  'content.getPodcastById': {
    // A listed one (the caller may not be allowed to create), else one the admin creates.
    build: async (generated, context) =>
      withBody(generated, {
        id:
          (await firstListedId(context, generated.session, contract.content.getAllPodcasts.path)) ??
          (await createdContent(context, contract.content.createPodcast.path, podcastBody(context))),
      }),
  },
  'content.updatePodcast': {
    build: async (generated, context) =>
      withBody(generated, {
        id: await createdContent(context, contract.content.createPodcast.path, podcastBody(context)),
        title: context.unique('Verify podcast renamed'),
      }),
  },
  'content.uploadPodcastFile': {
    build: async (generated, context) => {
      const { key, query } = await signedUpload(context);
      return {
        ...generated,
        params: { key },
        query,
        body: undefined,
        rawBody: { contentType: 'audio/mpeg', data: AUDIO_BYTES },
      };
    },
  },
  'content.getPodcastFile': {
    build: async (generated, context) => ({ ...generated, params: { key: await uploadedFileKey(context) } }),
  },
  'dailyQuotes.createDailyQuote': {
    build: async (generated, context) => withBody(generated, quoteBody(context)),
  },
  'dailyQuotes.updateDailyQuote': {
    build: async (generated, context) =>
      withBody(generated, {
        id: await createdContent(context, contract.dailyQuotes.createDailyQuote.path, quoteBody(context)),
        author: 'Verify Bot, renamed',
      }),
  },
  'dailyQuotes.getDailyQuoteById': {
    // A listed one (the caller may not be allowed to create), else one the admin creates.
    build: async (generated, context) =>
      withBody(generated, {
        id:
          (await firstListedId(context, generated.session, contract.dailyQuotes.getAllDailyQuotes.path)) ??
          (await createdContent(context, contract.dailyQuotes.createDailyQuote.path, quoteBody(context))),
      }),
  },
};

const serviceCredentials = ({ extensionService }: VerifyContext): Json => ({
  email: extensionService.email,
  password: extensionService.password,
});

/** The extension revenue service's routes take the token of its own sign-in. */
async function withServiceToken(generated: RouteRequest, context: VerifyContext): Promise<RouteRequest> {
  const login = record(
    await context.json({
      method: 'POST',
      path: contract.extension.serviceLogin.path,
      body: serviceCredentials(context),
    }),
  );
  return {
    ...generated,
    token: text(login['token']),
    params: { account: context.extensionService.account },
  };
}
