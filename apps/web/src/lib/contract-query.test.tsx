import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorMessageOf } from './api-error';
import { ApiResponseError } from './api-response';
import { useContractMutation, useContractQuery } from './contract-query';
import { createQueryClient } from './query-client';

type Answer = { status: 200; body: { rows: number[] } } | { status: 400; body: { statusMessages: string[] } };

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('useContractQuery', () => {
  it('caches the body of a 2xx answer and passes the query signal to the call', async () => {
    const request = vi.fn<(signal: AbortSignal) => Promise<Answer>>(async () => ({
      status: 200,
      body: { rows: [1, 2] },
    }));
    const { result } = renderHook(() => useContractQuery({ queryKey: ['rows'], request }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ rows: [1, 2] }));
    expect(request.mock.calls[0]?.[0]).toBeInstanceOf(AbortSignal);
  });

  it('throws a non-2xx answer as an ApiResponseError whose envelope errorMessageOf reads', async () => {
    const request = async (): Promise<Answer> => ({ status: 400, body: { statusMessages: ['Invalid start date'] } });
    const { result } = renderHook(() => useContractQuery({ queryKey: ['rows'], request }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiResponseError);
    expect(result.current.error?.status).toBe(400);
    expect(errorMessageOf(result.current.error)).toBe('Invalid start date');
  });
});

describe('useContractMutation', () => {
  it('resolves to the body, or to what onBody makes of it', async () => {
    const request = async (page: number): Promise<Answer> => ({ status: 200, body: { rows: [page] } });
    const plain = renderHook(() => useContractMutation({ request }), { wrapper });
    await act(async () => expect(await plain.result.current.mutateAsync(3)).toEqual({ rows: [3] }));
    const counted = renderHook(() => useContractMutation({ request, onBody: (body) => body.rows.length }), {
      wrapper,
    });
    await act(async () => expect(await counted.result.current.mutateAsync(3)).toBe(1));
  });

  it('rejects with the answer of a non-2xx call', async () => {
    const request = async (): Promise<Answer> => ({ status: 400, body: { statusMessages: ['Nope'] } });
    const { result } = renderHook(() => useContractMutation({ request }), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync(undefined)).rejects.toMatchObject({ status: 400 });
    });
    await waitFor(() => expect(errorMessageOf(result.current.error)).toBe('Nope'));
  });
});
