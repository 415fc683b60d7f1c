/** What the typed client's plain call functions answer: the status and the body. */
export interface ClientResponse {
  status: number;
  body: unknown;
}

/**
 * A non-2xx answer of a call made through lib/contract-query.ts (POST reads, GET commands, downloads). It keeps `status` and `body`
 * like the `{ status, body }` the contract client's own hooks throw, so `errorMessageOf` reads its error envelope the same way.
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
