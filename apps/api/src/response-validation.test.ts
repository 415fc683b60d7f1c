import request from 'supertest';
import { describe, expect, inject, it, vi } from 'vitest';
import type * as SystemRouter from './system/system.router';
import { createAppFor, useTestApp } from './testing/test-app';

/*
 * Response validation is on (`responseValidation: true` in app.ts): a handler that answers off-contract fails
 * loudly, as a logged 500, instead of sending clients a shape the contract does not promise. The health handler
 * is replaced here by one whose body lacks fields and has a number where the contract says string.
 */
vi.mock('./system/system.router', async (importOriginal) => {
  const original = await importOriginal<typeof SystemRouter>();
  return {
    ...original,
    createSystemRouter: (...args: Parameters<typeof original.createSystemRouter>) => {
      const router = original.createSystemRouter(...args);
      const offContract = async () => ({ status: 200, body: { status: 'ok', version: 42 } });
      return { ...router, health: offContract } as unknown as typeof router;
    },
  };
});

const context = useTestApp();

describe('a handler answering off-contract', () => {
  it('answers 500 in the envelope and logs the validation error', async () => {
    const lines: string[] = [];
    const app = createAppFor({
      config: context.config,
      database: { kind: inject('databaseKind') },
      log: (line) => lines.push(line),
    });
    const response = await request(app).get('/health');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ statusMessages: ['Something went wrong'], errors: ['Something went wrong'] });
    expect(lines.join('\n')).toMatch(/internal error: .*Response validation failed/i);
  });
});
