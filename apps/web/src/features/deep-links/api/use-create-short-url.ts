import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';

/** POST /shortURL/create: a short URL (data.tiny_url) for a generated link; only for vendors whose flag is on. */
export function useCreateShortUrl() {
  return deepLinksApi.createShortUrl.useMutation();
}
