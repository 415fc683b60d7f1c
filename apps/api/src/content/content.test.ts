import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  dailyQuoteListResponseSchema,
  eventListResponseSchema,
  eventResponseSchema,
  podcastResponseSchema,
  signedUrlResponseSchema,
} from '@publisher/contract';
import { buildAdmin } from '../reports/testing/report-fixtures';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { seedContent } from './content-seed';
import { createUploadSigner } from './upload-signer';

const ctx = useTestApp();

let vendor: BuiltVendor;
let admin: BuiltVendor;

beforeAll(async () => {
  vendor = await buildVendor();
  admin = await buildAdmin({ vendorId: 5029 });
  await seedContent();
});

const send = (method: 'get' | 'post' | 'put', path: string, as: BuiltVendor | null, body?: object) => {
  const call = request(ctx.app)[method](path);
  const authed = as ? call.set('Authorization', as.token) : call;
  return body ? authed.send(body) : authed;
};

const event = {
  title: 'Partner summit',
  description: 'Talks and workshops.',
  location: 'Berlin',
  startsAt: '2026-06-01T09:00:00.000Z',
  endsAt: '2026-06-01T17:00:00.000Z',
  url: 'https://summit.example.test/',
};
const podcast = {
  title: 'Episode 3',
  audioUrl: 'https://media.publisher.test/podcasts/ep3.mp3',
  durationSeconds: 900,
  publishedOn: '2026-03-01',
};
const quote = { quote: 'Small steps every day.', author: 'Someone', date: '2026-05-05' };

/** Each kind: its list, create, by-id and update paths, a valid body and a bad one with its message. */
const KINDS = [
  {
    name: 'events',
    list: '/event/all',
    create: '/event/create',
    byId: '/event/getEventsById',
    update: '/event/updateEvent',
    body: event,
    bad: { ...event, endsAt: '2026-05-31T09:00:00.000Z' },
    badMessage: CONTENT_MESSAGES.endsBeforeStart,
    change: { title: 'Partner summit 2026' },
    seeded: 2,
  },
  {
    name: 'podcasts',
    list: '/prodcast/all',
    create: '/prodcast/create',
    byId: '/prodcast/getProdcastById',
    update: '/prodcast/updatePodcast',
    body: podcast,
    bad: { ...podcast, audioUrl: 'ftp://x.test/a.mp3' },
    badMessage: 'audioUrl must be an http(s) URL',
    change: { durationSeconds: 950 },
    seeded: 2,
  },
  {
    name: 'daily quotes',
    list: '/dailyQuote/all',
    create: '/dailyQuote/create',
    byId: '/dailyQuote/getDailyQuoteById',
    update: '/dailyQuote/update',
    body: quote,
    bad: { ...quote, quote: '' },
    badMessage: 'quote is required',
    change: { author: 'Someone Else' },
    seeded: 3,
  },
] as const;

describe.each(KINDS)('$name', (kind) => {
  let id = '';

  it('401 without a token on every call', async () => {
    expect((await send('get', kind.list, null)).status).toBe(401);
    expect((await send('post', kind.create, null, kind.body)).status).toBe(401);
    expect((await send('post', kind.byId, null, { id: '0'.repeat(24) })).status).toBe(401);
    expect((await send('put', kind.update, null, { id: '0'.repeat(24), ...kind.change })).status).toBe(401);
  });

  it('403: writes are the admin’s', async () => {
    expect((await send('post', kind.create, vendor, kind.body)).status).toBe(403);
    expect((await send('put', kind.update, vendor, { id: '0'.repeat(24), ...kind.change })).status).toBe(403);
  });

  it('400 on bad input', async () => {
    const bad = await send('post', kind.create, admin, kind.bad);
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessages[0]).toBe(kind.badMessage);
    const badId = await send('post', kind.byId, vendor, { id: 'nope' });
    expect(badId.status).toBe(400);
    const nothing = await send('put', kind.update, admin, { id: '0'.repeat(24) });
    expect(nothing.body.statusMessages[0]).toBe(CONTENT_MESSAGES.nothingToUpdate);
  });

  it('the admin creates, anyone signed in reads (list and by id), the admin updates', async () => {
    const created = await send('post', kind.create, admin, kind.body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...kind.body, isActive: true });
    id = created.body.data._id as string;

    const list = await send('get', kind.list, vendor);
    expect(list.status).toBe(200);
    expect(list.body.totalRecords).toBe(kind.seeded + 1);
    const ids = (list.body as { data: { _id: string }[] }).data.map((item) => item._id);
    expect(ids).toContain(id);

    const one = await send('post', kind.byId, vendor, { id });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(created.body.data);

    const updated = await send('put', kind.update, admin, { id, ...kind.change });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ ...kind.body, ...kind.change, _id: id });
  });

  it('404 for an unknown id', async () => {
    expect((await send('post', kind.byId, vendor, { id: '0'.repeat(24) })).status).toBe(404);
    expect((await send('put', kind.update, admin, { id: '0'.repeat(24), ...kind.change })).status).toBe(404);
  });
});

describe('content specifics', () => {
  it('lists events soonest first with the wire shape', async () => {
    const res = await send('get', '/event/all', vendor);
    const { data } = eventListResponseSchema.parse(res.body);
    const starts = data.map((item) => item.startsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it('an event update may not end it before it starts', async () => {
    const created = eventResponseSchema.parse((await send('post', '/event/create', admin, event)).body);
    const res = await send('put', '/event/updateEvent', admin, {
      id: created.data._id,
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe(CONTENT_MESSAGES.endsBeforeStart);
  });

  it('one daily quote per date: 409 on create and on moving another onto it', async () => {
    const taken = await send('post', '/dailyQuote/create', admin, { ...quote, date: '2026-01-15' });
    expect(taken.status).toBe(409);
    expect(taken.body.statusMessages[0]).toBe(CONTENT_MESSAGES.quoteDateTaken);
    const list = dailyQuoteListResponseSchema.parse((await send('get', '/dailyQuote/all', vendor)).body);
    const other = list.data.find((item) => item.date === '2026-01-16');
    const moved = await send('put', '/dailyQuote/update', admin, { id: other?._id, date: '2026-01-15' });
    expect(moved.status).toBe(409);
  });
});

describe('GET /prodcast/getSignedUrl and the upload it signs', () => {
  const query = { fileName: 'episode-4.mp3', contentType: 'audio/mpeg' };

  it('401 without a token, 403 for a vendor, 400 on bad input', async () => {
    expect((await request(ctx.app).get('/prodcast/getSignedUrl').query(query)).status).toBe(401);
    expect(
      (await request(ctx.app).get('/prodcast/getSignedUrl').query(query).set('Authorization', vendor.token)).status,
    ).toBe(403);
    const bad = await request(ctx.app)
      .get('/prodcast/getSignedUrl')
      .query({ fileName: '../etc/passwd', contentType: 'audio/mpeg' })
      .set('Authorization', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessages[0]).toBe('fileName may hold letters, digits, dot, hyphen and underscore only');
  });

  async function signedUrl() {
    const res = await request(ctx.app).get('/prodcast/getSignedUrl').query(query).set('Authorization', admin.token);
    expect(res.status).toBe(200);
    return signedUrlResponseSchema.parse(res.body);
  }
  const pathOf = (url: string) => url.slice(ctx.config.publicApiUrl.length);

  it('answers an upload link honoured for 15 minutes; the upload is served at fileUrl', async () => {
    const signed = await signedUrl();
    expect(Date.parse(signed.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const bytes = Buffer.from('ID3 fake audio bytes');
    const uploaded = await request(ctx.app).put(pathOf(signed.uploadUrl)).set('Content-Type', 'audio/mpeg').send(bytes);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({ fileUrl: signed.fileUrl, size: bytes.length });
    // The file is served under the key it was uploaded to.
    const key = pathOf(signed.uploadUrl).split('?')[0]?.split('/').pop() ?? '';
    expect(pathOf(signed.fileUrl)).toBe(`/prodcast/files/${key}`);
    const served = await request(ctx.app)
      .get(pathOf(signed.fileUrl))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.from(served.body as Buffer)).toEqual(bytes);

    const created = await send('post', '/prodcast/create', admin, { ...podcast, audioUrl: signed.fileUrl });
    expect(podcastResponseSchema.parse(created.body).data.audioUrl).toBe(signed.fileUrl);
  });

  it('refuses a tampered link (signature, key, type or expiry changed)', async () => {
    const signed = await signedUrl();
    const url = new URL(signed.uploadUrl);
    const variants = [
      () => url.searchParams.set('signature', `${url.searchParams.get('signature') ?? ''}x`.slice(1)),
      () => url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600)),
      () => url.searchParams.set('contentType', 'audio/wav'),
      () => (url.pathname = url.pathname.replace('episode-4', 'episode-5')),
    ];
    for (const tamper of variants) {
      const copy = new URL(signed.uploadUrl);
      url.search = copy.search;
      url.pathname = copy.pathname;
      tamper();
      const res = await request(ctx.app)
        .put(`${url.pathname}${url.search}`)
        .set('Content-Type', 'audio/mpeg')
        .send(Buffer.from('x'));
      expect(res.status).toBe(403);
      expect(res.body.statusMessages[0]).toBe(CONTENT_MESSAGES.uploadInvalid);
    }
  });

  it('refuses an expired link', async () => {
    const signer = createUploadSigner(ctx.config.jwtSecret);
    const key = `${'a'.repeat(24)}-old.mp3`;
    const expires = Math.floor(Date.now() / 1000) - 1;
    const signature = signer.sign(key, 'audio/mpeg', expires);
    const res = await request(ctx.app)
      .put(`/prodcast/upload/${key}`)
      .query({ expires, contentType: 'audio/mpeg', signature })
      .set('Content-Type', 'audio/mpeg')
      .send(Buffer.from('late'));
    expect(res.status).toBe(403);
    expect(res.body.statusMessages[0]).toBe(CONTENT_MESSAGES.uploadExpired);
  });

  it('400 for an empty upload', async () => {
    const signed = await signedUrl();
    const res = await request(ctx.app).put(pathOf(signed.uploadUrl)).set('Content-Type', 'audio/mpeg');
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe(CONTENT_MESSAGES.uploadEmpty);
  });
});
