import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';

const c = initContract();

export const databaseKindSchema = z.enum(['external', 'ferretdb', 'mongodb-memory-server']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: databaseKindSchema,
    /** Connection state as mongoose reports it. */
    state: z.enum(['connected', 'connecting', 'disconnected', 'disconnecting', 'uninitialized']),
    name: z.string(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const systemContract = c.router(
  {
    health: {
      method: 'GET',
      path: '/health',
      responses: { 200: healthResponseSchema, 503: healthResponseSchema },
      metadata: routeMetadata('public'),
      summary: 'Liveness and which database is in use.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
