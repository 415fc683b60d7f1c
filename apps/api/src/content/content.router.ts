import { Readable } from 'node:stream';
import { initServer } from '@ts-rest/express';
import { contentContract, dailyQuotesContract } from '@publisher/contract';
import type { ContentService } from './content.service';

/** The body without the caller's apiKey (checked by the access middleware, not stored). */
function withoutApiKey<T extends { apiKey?: string | undefined }>(body: T): Omit<T, 'apiKey'> {
  const copy: Partial<T> = { ...body };
  delete copy.apiKey;
  return copy as Omit<T, 'apiKey'>;
}

const s = initServer();

/** Thin handlers for events and podcasts: the service does the checks; access is declared in the contract. */
export function createContentRouter(content: ContentService) {
  return s.router(contentContract, {
    getAllEvents: async () => {
      const data = await content.listEvents();
      return { status: 200, body: { data, totalRecords: data.length } };
    },
    createEvent: async ({ body }) => ({
      status: 201,
      body: { data: await content.createEvent(withoutApiKey(body)) },
    }),
    getEventById: async ({ body }) => ({ status: 200, body: { data: await content.event(body.id) } }),
    updateEvent: async ({ body: { id, ...fields } }) => ({
      status: 200,
      body: { data: await content.updateEvent(id, withoutApiKey(fields)) },
    }),

    createPodcast: async ({ body }) => ({
      status: 201,
      body: { data: await content.createPodcast(withoutApiKey(body)) },
    }),
    getAllPodcasts: async () => {
      const data = await content.listPodcasts();
      return { status: 200, body: { data, totalRecords: data.length } };
    },
    getPodcastById: async ({ body }) => ({ status: 200, body: { data: await content.podcast(body.id) } }),
    updatePodcast: async ({ body: { id, ...fields } }) => ({
      status: 200,
      body: { data: await content.updatePodcast(id, withoutApiKey(fields)) },
    }),
    getPodcastSignedUrl: async ({ query }) => ({
      status: 200,
      body: content.signedUploadUrl(query.fileName, query.contentType),
    }),
    uploadPodcastFile: async ({ params, query, body }) => ({
      status: 201,
      body: await content.upload(params.key, query.contentType, Number(query.expires), query.signature, body),
    }),
    getPodcastFile: async ({ params, res }) => {
      const file = await content.file(params.key);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.data.length));
      return { status: 200, body: Readable.from([file.data]) };
    },
  });
}

/** Thin handlers for daily quotes. */
export function createDailyQuotesRouter(content: ContentService) {
  return s.router(dailyQuotesContract, {
    createDailyQuote: async ({ body }) => ({
      status: 201,
      body: { data: await content.createDailyQuote(withoutApiKey(body)) },
    }),
    getAllDailyQuotes: async () => {
      const data = await content.listDailyQuotes();
      return { status: 200, body: { data, totalRecords: data.length } };
    },
    updateDailyQuote: async ({ body: { id, ...fields } }) => ({
      status: 200,
      body: { data: await content.updateDailyQuote(id, withoutApiKey(fields)) },
    }),
    getDailyQuoteById: async ({ body }) => ({ status: 200, body: { data: await content.dailyQuote(body.id) } }),
  });
}
