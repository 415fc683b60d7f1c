import mongoose from 'mongoose';
import {
  CONTENT_MESSAGES,
  MAX_CONTENT_LIST,
  MAX_PODCAST_UPLOAD_BYTES,
  PODCAST_UPLOAD_LINK_SECONDS,
  type ContentEvent,
  type CreateDailyQuoteBody,
  type DailyQuote,
  type Podcast,
} from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { boundedWrite } from '../shared/db-limits';
import { DailyQuoteModel, type DailyQuoteRecord } from './daily-quote.model';
import { EventModel, type EventRecord } from './event.model';
import { PodcastFileModel } from './podcast-file.model';
import { PodcastModel, type PodcastRecord } from './podcast.model';
import type { UploadSigner } from './upload-signer';

type Fields<T> = { [K in keyof T]?: T[K] | undefined };

export interface EventInput {
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string;
  url: string | null;
  isActive: boolean;
}
export interface PodcastInput {
  title: string;
  description: string;
  audioUrl: string;
  durationSeconds: number;
  publishedOn: string;
  isActive: boolean;
}
export type DailyQuoteInput = Required<Omit<CreateDailyQuoteBody, 'apiKey'>>;

const iso = (date: Date) => date.toISOString();

export function presentEvent(record: EventRecord): ContentEvent {
  return {
    _id: record._id.toHexString(),
    title: record.title,
    description: record.description,
    location: record.location,
    startsAt: iso(record.startsAt),
    endsAt: iso(record.endsAt),
    url: record.url,
    isActive: record.isActive,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

export function presentPodcast(record: PodcastRecord): Podcast {
  return {
    _id: record._id.toHexString(),
    title: record.title,
    description: record.description,
    audioUrl: record.audioUrl,
    durationSeconds: record.durationSeconds,
    publishedOn: record.publishedOn,
    isActive: record.isActive,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

export function presentDailyQuote(record: DailyQuoteRecord): DailyQuote {
  return {
    _id: record._id.toHexString(),
    quote: record.quote,
    author: record.author,
    date: record.date,
    isActive: record.isActive,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** Only the fields that were sent. */
function definedOnly<T extends object>(fields: Fields<T>): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const DUPLICATE_KEY = 11000;
const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;

export interface ContentServiceDeps {
  signer: UploadSigner;
  publicApiUrl: string;
  /** The app's clock (app-state.ts): the scenario controls may fix it. */
  now: () => Date;
}

export function createContentService({ signer, publicApiUrl, now }: ContentServiceDeps) {
  async function eventOrThrow(id: string): Promise<EventRecord> {
    const record = await EventModel.findById(id).lean<EventRecord>();
    if (!record) throw AppError.notFound(CONTENT_MESSAGES.eventNotFound);
    return record;
  }
  async function podcastOrThrow(id: string): Promise<PodcastRecord> {
    const record = await PodcastModel.findById(id).lean<PodcastRecord>();
    if (!record) throw AppError.notFound(CONTENT_MESSAGES.podcastNotFound);
    return record;
  }
  async function quoteOrThrow(id: string): Promise<DailyQuoteRecord> {
    const record = await DailyQuoteModel.findById(id).lean<DailyQuoteRecord>();
    if (!record) throw AppError.notFound(CONTENT_MESSAGES.quoteNotFound);
    return record;
  }
  async function checkQuoteDateFree(date: string, exceptId?: string): Promise<void> {
    const existing = await DailyQuoteModel.findOne({ date }, { _id: 1 }).lean<{ _id: mongoose.Types.ObjectId }>();
    if (existing && existing._id.toHexString() !== exceptId) throw AppError.conflict(CONTENT_MESSAGES.quoteDateTaken);
  }
  const fileUrlOf = (key: string) => `${publicApiUrl}/prodcast/files/${key}`;

  return {
    async listEvents(): Promise<ContentEvent[]> {
      const records = await EventModel.find().sort({ startsAt: 1 }).limit(MAX_CONTENT_LIST).lean<EventRecord[]>();
      return records.map(presentEvent);
    },
    async createEvent(input: EventInput): Promise<ContentEvent> {
      const created = await boundedWrite(1, () =>
        EventModel.create({ ...input, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) }),
      );
      return presentEvent(created.toObject<EventRecord>());
    },
    async event(id: string): Promise<ContentEvent> {
      return presentEvent(await eventOrThrow(id));
    },
    async updateEvent(id: string, fields: Fields<EventInput>): Promise<ContentEvent> {
      const current = await eventOrThrow(id);
      const changes = definedOnly(fields);
      const startsAt = changes.startsAt ? new Date(changes.startsAt) : current.startsAt;
      const endsAt = changes.endsAt ? new Date(changes.endsAt) : current.endsAt;
      if (endsAt < startsAt) throw AppError.badRequest(CONTENT_MESSAGES.endsBeforeStart);
      const updated = await boundedWrite(1, () =>
        EventModel.findByIdAndUpdate(
          id,
          { ...changes, startsAt, endsAt },
          { returnDocument: 'after' },
        ).lean<EventRecord>(),
      );
      if (!updated) throw AppError.notFound(CONTENT_MESSAGES.eventNotFound);
      return presentEvent(updated);
    },

    async listPodcasts(): Promise<Podcast[]> {
      const records = await PodcastModel.find()
        .sort({ publishedOn: -1, _id: -1 })
        .limit(MAX_CONTENT_LIST)
        .lean<PodcastRecord[]>();
      return records.map(presentPodcast);
    },
    async createPodcast(input: PodcastInput): Promise<Podcast> {
      const created = await boundedWrite(1, () => PodcastModel.create(input));
      return presentPodcast(created.toObject<PodcastRecord>());
    },
    async podcast(id: string): Promise<Podcast> {
      return presentPodcast(await podcastOrThrow(id));
    },
    async updatePodcast(id: string, fields: Fields<PodcastInput>): Promise<Podcast> {
      await podcastOrThrow(id);
      const updated = await boundedWrite(1, () =>
        PodcastModel.findByIdAndUpdate(id, definedOnly(fields), { returnDocument: 'after' }).lean<PodcastRecord>(),
      );
      if (!updated) throw AppError.notFound(CONTENT_MESSAGES.podcastNotFound);
      return presentPodcast(updated);
    },

    /** A signed upload link for one file; the key is unique, so a link uploads one file. */
    signedUploadUrl(fileName: string, contentType: string) {
      const key = `${new mongoose.Types.ObjectId().toHexString()}-${fileName}`;
      const expires = Math.floor(now().getTime() / 1000) + PODCAST_UPLOAD_LINK_SECONDS;
      const query = new URLSearchParams({
        expires: String(expires),
        contentType,
        signature: signer.sign(key, contentType, expires),
      });
      return {
        uploadUrl: `${publicApiUrl}/prodcast/upload/${key}?${query.toString()}`,
        fileUrl: fileUrlOf(key),
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    async upload(key: string, contentType: string, expires: number, signature: string, body: unknown) {
      const verdict = signer.check(key, contentType, expires, signature);
      if (verdict === 'invalid') throw AppError.forbidden(CONTENT_MESSAGES.uploadInvalid);
      if (verdict === 'expired') throw AppError.forbidden(CONTENT_MESSAGES.uploadExpired);
      if (!Buffer.isBuffer(body) || body.length === 0) throw AppError.badRequest(CONTENT_MESSAGES.uploadEmpty);
      if (body.length > MAX_PODCAST_UPLOAD_BYTES) throw AppError.badRequest('The file is larger than 10 MB.');
      await boundedWrite(1, () =>
        PodcastFileModel.replaceOne(
          { _id: key },
          { _id: key, contentType, data: body, size: body.length, uploadedAt: now() },
          { upsert: true },
        ),
      );
      return { fileUrl: fileUrlOf(key), size: body.length };
    },
    async file(key: string) {
      // Hydrated, not lean: mongoose turns the stored binary back into a Buffer.
      const record = await PodcastFileModel.findById(key);
      if (!record) throw AppError.notFound('File not found.');
      return { contentType: record.contentType, data: Buffer.from(record.data) };
    },

    async listDailyQuotes(): Promise<DailyQuote[]> {
      const records = await DailyQuoteModel.find()
        .sort({ date: -1 })
        .limit(MAX_CONTENT_LIST)
        .lean<DailyQuoteRecord[]>();
      return records.map(presentDailyQuote);
    },
    async createDailyQuote(input: DailyQuoteInput): Promise<DailyQuote> {
      await checkQuoteDateFree(input.date);
      try {
        const created = await boundedWrite(1, () => DailyQuoteModel.create(input));
        return presentDailyQuote(created.toObject<DailyQuoteRecord>());
      } catch (error) {
        if (isDuplicateKey(error)) throw AppError.conflict(CONTENT_MESSAGES.quoteDateTaken);
        throw error;
      }
    },
    async dailyQuote(id: string): Promise<DailyQuote> {
      return presentDailyQuote(await quoteOrThrow(id));
    },
    async updateDailyQuote(id: string, fields: Fields<DailyQuoteInput>): Promise<DailyQuote> {
      await quoteOrThrow(id);
      if (fields.date !== undefined) await checkQuoteDateFree(fields.date, id);
      try {
        const updated = await boundedWrite(1, () =>
          DailyQuoteModel.findByIdAndUpdate(id, definedOnly(fields), {
            returnDocument: 'after',
          }).lean<DailyQuoteRecord>(),
        );
        if (!updated) throw AppError.notFound(CONTENT_MESSAGES.quoteNotFound);
        return presentDailyQuote(updated);
      } catch (error) {
        if (isDuplicateKey(error)) throw AppError.conflict(CONTENT_MESSAGES.quoteDateTaken);
        throw error;
      }
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
