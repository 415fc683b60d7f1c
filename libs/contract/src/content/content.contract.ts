import { initContract } from '@ts-rest/core';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  contentIdBodySchema,
  createDailyQuoteBodySchema,
  createEventBodySchema,
  createPodcastBodySchema,
  dailyQuoteListResponseSchema,
  dailyQuoteResponseSchema,
  eventListResponseSchema,
  eventResponseSchema,
  podcastListResponseSchema,
  podcastResponseSchema,
  signedUrlQuerySchema,
  signedUrlResponseSchema,
  updateDailyQuoteBodySchema,
  updateEventBodySchema,
  updatePodcastBodySchema,
  uploadParamsSchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from './content.schema';

const c = initContract();

/**
 * Raw bytes (a Blob, File, ArrayBuffer or Buffer on the way in; a stream on the way out). `object` rather than
 * `unknown`: the package build cannot write declarations for the type ts-rest makes of `c.type<unknown>()`
 * (TS4023, a symbol ts-rest does not export).
 */
const rawBytes = c.type<object>();

/** An uploaded audio file, served with the content type it was uploaded as. */
const audio = c.otherResponse({ contentType: 'audio/mpeg', body: rawBytes });

const token = routeMetadata('token');
const admin = routeMetadata('admin');
/** The signature in the query is the upload's credential. */
const open = routeMetadata('public');

/**
 * Events, podcasts and daily quotes (part 2 §7). Paths as the spec writes them (`prodcast`, sic); fields designed
 * (see content.schema.ts). Lists answer `{ data, totalRecords }` (newest first, at most 500); one item `{ data }`.
 */
export const contentContract = c.router(
  {
    getAllEvents: {
      method: 'GET',
      path: '/event/all',
      responses: { 200: eventListResponseSchema },
      metadata: token,
      summary: 'Every event, soonest start first (at most 500).',
    },
    createEvent: {
      method: 'POST',
      path: '/event/create',
      body: createEventBodySchema,
      responses: { 201: eventResponseSchema },
      metadata: admin,
      summary: 'Admin: creates an event (title, description, location, startsAt, endsAt, url, isActive).',
    },
    getEventById: {
      method: 'POST',
      path: '/event/getEventsById',
      body: contentIdBodySchema,
      responses: { 200: eventResponseSchema },
      metadata: token,
      summary: 'One event by `id` (404 when unknown).',
    },
    updateEvent: {
      method: 'PUT',
      path: '/event/updateEvent',
      body: updateEventBodySchema,
      responses: { 200: eventResponseSchema },
      metadata: admin,
      summary: 'Admin: changes the fields sent of the event `id`.',
    },

    createPodcast: {
      method: 'POST',
      path: '/prodcast/create',
      body: createPodcastBodySchema,
      responses: { 201: podcastResponseSchema },
      metadata: admin,
      summary: 'Admin: creates a podcast (title, description, audioUrl, durationSeconds, publishedOn, isActive).',
    },
    getAllPodcasts: {
      method: 'GET',
      path: '/prodcast/all',
      responses: { 200: podcastListResponseSchema },
      metadata: token,
      summary: 'Every podcast, newest publishedOn first (at most 500).',
    },
    getPodcastById: {
      method: 'POST',
      path: '/prodcast/getProdcastById',
      body: contentIdBodySchema,
      responses: { 200: podcastResponseSchema },
      metadata: token,
      summary: 'One podcast by `id` (404 when unknown).',
    },
    updatePodcast: {
      method: 'PUT',
      path: '/prodcast/updatePodcast',
      body: updatePodcastBodySchema,
      responses: { 200: podcastResponseSchema },
      metadata: admin,
      summary: 'Admin: changes the fields sent of the podcast `id`.',
    },
    getPodcastSignedUrl: {
      method: 'GET',
      path: '/prodcast/getSignedUrl',
      query: signedUrlQuerySchema,
      responses: { 200: signedUrlResponseSchema },
      metadata: admin,
      summary:
        'Admin: a signed upload link for an audio file, honoured for 15 minutes: PUT the bytes (at most 10 MB) to uploadUrl; the file is then served at fileUrl.',
    },
    uploadPodcastFile: {
      method: 'PUT',
      path: '/prodcast/upload/:key',
      pathParams: uploadParamsSchema,
      query: uploadQuerySchema,
      body: rawBytes,
      responses: { 201: uploadResponseSchema },
      metadata: open,
      summary:
        'The upload of a signed link: the raw file bytes. 403 when the signature does not match the key, type and expiry, or the link has expired.',
    },
    getPodcastFile: {
      method: 'GET',
      path: '/prodcast/files/:key',
      pathParams: uploadParamsSchema,
      responses: { 200: audio },
      metadata: open,
      summary: "An uploaded podcast file (a podcast's audioUrl), with the content type it was uploaded as.",
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);

/** Daily quotes (part 2 §7): one quote per date. */
export const dailyQuotesContract = c.router(
  {
    createDailyQuote: {
      method: 'POST',
      path: '/dailyQuote/create',
      body: createDailyQuoteBodySchema,
      responses: { 201: dailyQuoteResponseSchema },
      metadata: admin,
      summary: 'Admin: creates the quote of a date (quote, author, date, isActive); 409 when the date has one.',
    },
    getAllDailyQuotes: {
      method: 'GET',
      path: '/dailyQuote/all',
      responses: { 200: dailyQuoteListResponseSchema },
      metadata: token,
      summary: 'Every daily quote, newest date first (at most 500).',
    },
    updateDailyQuote: {
      method: 'PUT',
      path: '/dailyQuote/update',
      body: updateDailyQuoteBodySchema,
      responses: { 200: dailyQuoteResponseSchema },
      metadata: admin,
      summary: 'Admin: changes the fields sent of the quote `id` (409 when moved onto a date that has one).',
    },
    getDailyQuoteById: {
      method: 'POST',
      path: '/dailyQuote/getDailyQuoteById',
      body: contentIdBodySchema,
      responses: { 200: dailyQuoteResponseSchema },
      metadata: token,
      summary: 'One daily quote by `id` (404 when unknown).',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
