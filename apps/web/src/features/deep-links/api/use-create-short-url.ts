import { tsr } from '../../../lib/api-client';

/** POST /shortURL/create: a short URL (data.tiny_url) for a generated link; only for vendors whose flag is on. */
export function useCreateShortUrl() {
  return tsr.deepLinks.createShortUrl.useMutation();
}
