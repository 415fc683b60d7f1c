import {
  useMutation,
  useQuery,
  type QueryKey,
  type skipToken,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { ApiResponseError, type ClientResponse } from './api-response';

/**
 * The one wrapper of the contract client for the calls ts-rest 3.52's react-query hooks do not cover. Its hooks
 * give `useQuery` and `useMutation` by HTTP method only: GET routes get `useQuery`, POST/PUT/DELETE routes
 * `useMutation`. The contract has reads that are POST routes (the report screens send their filters as a JSON body:
 * part 2 §7) and commands that are GET routes (the admin "save daily reports" runs and the CSV downloads), so:
 *
 * - a GET read or a POST/PUT/DELETE command: the contract client's own hooks, `<domain>Api.<route>.useQuery` /
 *   `.useMutation`, in `features/<domain>/api/use-<verb-noun>.ts`;
 * - a POST read: `useContractQuery` here; a GET command or a download: `useContractMutation` here. Both take the
 *   contract client's call (`<domain>Api.<route>.mutate` / `.query`), so the token, brand flags, apiKey and the
 *   end-of-session rule of lib/api-client.ts apply exactly as they do to the hooks.
 *
 * Nothing else imports TanStack's `useQuery`/`useMutation` (ESLint's no-restricted-imports keeps it so). A non-2xx
 * answer is thrown as an `ApiResponseError` that keeps `status` and `body`, so `errorMessageOf` reads its error
 * envelope exactly as it reads the `{ status, body }` the contract hooks throw.
 */

/** The 2xx answers of a contract call (with `strictStatusCodes` the response type lists every status). */
export type SuccessResponse<TResponse extends ClientResponse> = Extract<TResponse, { status: 200 | 201 | 202 | 204 }>;

/** The body of a 2xx answer: what a wrapped query caches and what a wrapped mutation resolves to. */
export type SuccessBody<TResponse extends ClientResponse> = SuccessResponse<TResponse>['body'];

function isSuccess<TResponse extends ClientResponse>(response: TResponse): response is SuccessResponse<TResponse> {
  return response.status >= 200 && response.status < 300;
}

/** The body of a 2xx answer; any other answer is thrown as an ApiResponseError. */
export async function successBodyOf<TResponse extends ClientResponse>(
  request: Promise<TResponse>,
): Promise<SuccessBody<TResponse>> {
  const response = await request;
  if (!isSuccess(response)) throw new ApiResponseError(response);
  return response.body;
}

export interface ContractQueryOptions<TResponse extends ClientResponse, TData> extends Omit<
  UseQueryOptions<SuccessBody<TResponse>, ApiResponseError, TData>,
  'queryFn' | 'queryKey'
> {
  queryKey: QueryKey;
  /**
   * The contract call, e.g. `(signal) => reportsApi.getEarningsReport.mutate({ body, fetchOptions: { signal } })`,
   * or `skipToken` to keep the query idle (no valid filters yet).
   */
  request: ((signal: AbortSignal) => Promise<TResponse>) | typeof skipToken;
}

/** A read through a POST route of the contract; the cached data is the 2xx answer's body. */
export function useContractQuery<TResponse extends ClientResponse, TData = SuccessBody<TResponse>>({
  request,
  ...options
}: ContractQueryOptions<TResponse, TData>) {
  return useQuery<SuccessBody<TResponse>, ApiResponseError, TData>({
    ...options,
    queryFn: typeof request === 'function' ? ({ signal }) => successBodyOf(request(signal)) : request,
  });
}

export interface ContractMutationOptions<TVariables, TResponse extends ClientResponse, TResult> extends Omit<
  UseMutationOptions<TResult, ApiResponseError, TVariables>,
  'mutationFn'
> {
  /** The contract call, e.g. `(query) => reportsApi.saveDailyReportsKelkoo.query({ query })`. */
  request: (variables: TVariables) => Promise<TResponse>;
  /**
   * What the mutation resolves to, from the 2xx body (default: the body itself). A download saves the file here;
   * what it throws becomes the mutation's error.
   */
  onBody?: (body: SuccessBody<TResponse>, variables: TVariables) => TResult;
}

/** A command through a GET route of the contract (or a download): `mutate(variables)` runs the call. */
export function useContractMutation<TVariables, TResponse extends ClientResponse, TResult = SuccessBody<TResponse>>({
  request,
  onBody,
  ...options
}: ContractMutationOptions<TVariables, TResponse, TResult>) {
  return useMutation<TResult, ApiResponseError, TVariables>({
    ...options,
    mutationFn: async (variables) => {
      const body = await successBodyOf(request(variables));
      // Without onBody TResult is the body (its default); TypeScript cannot see the default from inside.
      return onBody ? onBody(body, variables) : (body as TResult);
    },
  });
}
