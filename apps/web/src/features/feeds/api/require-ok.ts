/** A non-200 answer of a plain client call; it keeps `status` and `body` so `errorMessageOf` reads its envelope. */
export class FeedResponseError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(response: { status: number; body: unknown }) {
    super(`The API answered ${response.status}`);
    this.name = 'FeedResponseError';
    this.status = response.status;
    this.body = response.body;
  }
}

/** The body of a 200 answer of a plain client call (a POST read used as a query); anything else is thrown. */
export function requireOk<TResponse extends { status: number; body: unknown }>(
  response: TResponse,
): Extract<TResponse, { status: 200 }>['body'] {
  if (response.status !== 200) throw new FeedResponseError(response);
  return response.body;
}
