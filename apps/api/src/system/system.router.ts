import { initServer } from '@ts-rest/express';
import { systemContract, type DatabaseKind } from '@publisher/contract';
import mongoose from 'mongoose';
import { connectionState } from '../shared/db';

const s = initServer();
const startedAt = Date.now();
export const API_VERSION = '0.1.0';

export function createSystemRouter(database: { kind: DatabaseKind }) {
  return s.router(systemContract, {
    health: async () => {
      const state = connectionState();
      const body = {
        status: state === 'connected' ? ('ok' as const) : ('degraded' as const),
        database: { kind: database.kind, state, name: mongoose.connection.name ?? '' },
        version: API_VERSION,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return state === 'connected' ? { status: 200, body } : { status: 503, body };
    },
  });
}
