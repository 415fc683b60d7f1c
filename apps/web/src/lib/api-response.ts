/** What the typed client's plain call functions answer: the status and the body. */
export interface ClientResponse {
  status: number;
  body: unknown;
}

/**
 * A non-200 answer of a call made outside ts-rest's query hooks (downloads, saves). It keeps `status` and `body`
 * like the responses those hooks throw, so `errorMessageOf` reads its error envelope the same way.
 */
export class ApiResponseError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(response: ClientResponse) {
    super(`The API answered ${response.status}`);
    this.name = 'ApiResponseError';
    this.status = response.status;
    this.body = response.body;
  }
}

/** The body of a 200 answer; anything else is thrown as an ApiResponseError. */
export function requireOk<TResponse extends ClientResponse>(
  response: TResponse,
): Extract<TResponse, { status: 200 }>['body'] {
  if (response.status !== 200) throw new ApiResponseError(response);
  return response.body;
}
