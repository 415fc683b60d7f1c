import type { ServerInferRequest } from '@ts-rest/core';
import type { ControlContract } from '@publisher/contract';
import { AppError } from '../shared/app-error';
import type { StubStore } from './stubs';

type StubRoutes = Pick<ControlContract, 'createStub' | 'stubs' | 'deleteStub' | 'deleteStubs'>;

/** The stub routes of the control API (thin: the store checks and keeps them), spread into control.router.ts. */
export function stubRouteHandlers(store: StubStore) {
  return {
    createStub: async ({ body }: ServerInferRequest<StubRoutes['createStub']>) => ({
      status: 201 as const,
      body: store.add(body),
    }),
    stubs: async () => ({ status: 200 as const, body: store.list() }),
    deleteStub: async ({ params }: ServerInferRequest<StubRoutes['deleteStub']>) => {
      const deleted = store.delete(params.id);
      if (!deleted) throw AppError.notFound(`No stub ${params.id} in this session.`);
      return { status: 200 as const, body: deleted };
    },
    deleteStubs: async () => ({ status: 200 as const, body: { deleted: store.clear() } }),
  };
}
