import { z } from 'zod';
import { apiKeyBodyField, isoDateSchema, isoDateTimeSchema, objectIdSchema } from '../common/fields';

/*
 * Events, podcasts and daily quotes (part 2 §7 "Upload, logs, feeds and others"; part 1 §1: "fields not shown").
 * The fields are designed here. Writes are the admin's; every signed-in user reads. Path names keep the spec's
 * spelling (`prodcast`).
 */

/** Most items a list call answers (newest first). */
export const MAX_CONTENT_LIST = 500;

export const CONTENT_MESSAGES = {
  eventNotFound: 'Event not found.',
  podcastNotFound: 'Podcast not found.',
  quoteNotFound: 'Daily quote not found.',
  endsBeforeStart: 'endsAt cannot be before startsAt',
  quoteDateTaken: 'A daily quote already exists for this date.',
  nothingToUpdate: 'Send at least one field to update.',
  uploadExpired: 'The upload link has expired.',
  uploadInvalid: 'The upload link is not valid.',
  uploadEmpty: 'The upload is empty.',
} as const;

const text = (field: string, max: number) =>
  z
    .string({ required_error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  z.string().trim().max(max, `${field} must be at most ${max} characters`);
const httpUrl = (field: string) =>
  z
    .string()
    .trim()
    .url(`${field} must be a valid URL`)
    .regex(/^https?:\/\//, `${field} must be an http(s) URL`)
    .max(2000);

const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ data: z.array(item), totalRecords: z.number().int().nonnegative() });

export const contentIdBodySchema = z.object({ id: objectIdSchema, apiKey: apiKeyBodyField });

/** Requires at least one field besides `id` and `apiKey`. */
const hasChanges = (value: Record<string, unknown>) =>
  Object.entries(value).some(([key, field]) => key !== 'id' && key !== 'apiKey' && field !== undefined);

// ---------- events ----------

const eventFields = {
  title: text('title', 200),
  description: optionalText('description', 5000),
  location: optionalText('location', 200),
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  /** A page about the event. */
  url: httpUrl('url').nullable(),
  isActive: z.boolean(),
};

export const createEventBodySchema = z
  .object({
    ...eventFields,
    description: eventFields.description.default(''),
    location: eventFields.location.default(''),
    url: eventFields.url.default(null),
    isActive: eventFields.isActive.default(true),
    apiKey: apiKeyBodyField,
  })
  .refine((value) => Date.parse(value.endsAt) >= Date.parse(value.startsAt), {
    message: CONTENT_MESSAGES.endsBeforeStart,
    path: ['endsAt'],
  });
export type CreateEventBody = z.input<typeof createEventBodySchema>;

export const updateEventBodySchema = z
  .object({ id: objectIdSchema, ...z.object(eventFields).partial().shape, apiKey: apiKeyBodyField })
  .refine(hasChanges, { message: CONTENT_MESSAGES.nothingToUpdate });
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

export const eventSchema = z.object({
  _id: objectIdSchema,
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  url: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ContentEvent = z.infer<typeof eventSchema>;
export const eventResponseSchema = z.object({ data: eventSchema });
export const eventListResponseSchema = listOf(eventSchema);

// ---------- podcasts ----------

const podcastFields = {
  title: text('title', 200),
  description: optionalText('description', 5000),
  /** Where the audio is: usually the fileUrl of an upload through /prodcast/getSignedUrl. */
  audioUrl: httpUrl('audioUrl'),
  durationSeconds: z.number().int().min(0).max(86_400),
  publishedOn: isoDateSchema,
  isActive: z.boolean(),
};

export const createPodcastBodySchema = z.object({
  ...podcastFields,
  description: podcastFields.description.default(''),
  isActive: podcastFields.isActive.default(true),
  apiKey: apiKeyBodyField,
});
export type CreatePodcastBody = z.input<typeof createPodcastBodySchema>;

export const updatePodcastBodySchema = z
  .object({ id: objectIdSchema, ...z.object(podcastFields).partial().shape, apiKey: apiKeyBodyField })
  .refine(hasChanges, { message: CONTENT_MESSAGES.nothingToUpdate });

export const podcastSchema = z.object({
  _id: objectIdSchema,
  title: z.string(),
  description: z.string(),
  audioUrl: z.string(),
  durationSeconds: z.number().int(),
  publishedOn: z.string(),
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Podcast = z.infer<typeof podcastSchema>;
export const podcastResponseSchema = z.object({ data: podcastSchema });
export const podcastListResponseSchema = listOf(podcastSchema);

/** Audio types an upload link may be made for. */
export const PODCAST_CONTENT_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav'] as const;
/** Largest upload the signed link accepts. */
export const MAX_PODCAST_UPLOAD_BYTES = 10 * 1024 * 1024;
/** How long an upload link is honoured. */
export const PODCAST_UPLOAD_LINK_SECONDS = 15 * 60;

export const signedUrlQuerySchema = z.object({
  fileName: z
    .string({ required_error: 'fileName is required' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'fileName may hold letters, digits, dot, hyphen and underscore only'),
  contentType: z.enum(PODCAST_CONTENT_TYPES, {
    errorMap: () => ({ message: `contentType must be one of ${PODCAST_CONTENT_TYPES.join(', ')}` }),
  }),
});

export const signedUrlResponseSchema = z.object({
  /** PUT the file's bytes here (Content-Type as requested) before expiresAt. */
  uploadUrl: z.string().url(),
  /** Where the file is served once uploaded: the podcast's audioUrl. */
  fileUrl: z.string().url(),
  expiresAt: isoDateTimeSchema,
});

export const uploadParamsSchema = z.object({ key: z.string().regex(/^[a-f0-9]{24}-[A-Za-z0-9._-]{1,100}$/) });
export const uploadQuerySchema = z.object({
  expires: z.string().regex(/^\d{1,12}$/, 'expires must be a number'),
  contentType: z.enum(PODCAST_CONTENT_TYPES),
  signature: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, 'signature is not valid'),
});
export const uploadResponseSchema = z.object({ fileUrl: z.string().url(), size: z.number().int().positive() });

// ---------- daily quotes ----------

const quoteFields = {
  quote: text('quote', 500),
  author: text('author', 100),
  /** The day the quote is for: one quote per date. */
  date: isoDateSchema,
  isActive: z.boolean(),
};

export const createDailyQuoteBodySchema = z.object({
  ...quoteFields,
  isActive: quoteFields.isActive.default(true),
  apiKey: apiKeyBodyField,
});
export type CreateDailyQuoteBody = z.input<typeof createDailyQuoteBodySchema>;

export const updateDailyQuoteBodySchema = z
  .object({ id: objectIdSchema, ...z.object(quoteFields).partial().shape, apiKey: apiKeyBodyField })
  .refine(hasChanges, { message: CONTENT_MESSAGES.nothingToUpdate });

export const dailyQuoteSchema = z.object({
  _id: objectIdSchema,
  quote: z.string(),
  author: z.string(),
  date: z.string(),
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type DailyQuote = z.infer<typeof dailyQuoteSchema>;
export const dailyQuoteResponseSchema = z.object({ data: dailyQuoteSchema });
export const dailyQuoteListResponseSchema = listOf(dailyQuoteSchema);
