import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../lib/save-file';

/** What the typed client's plain call functions answer. */
interface ClientResponse {
  status: number;
  body: unknown;
}

/** A non-200 download, keeping `status` and `body` so `errorMessageOf` reads its error envelope. */
class DownloadError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(response: ClientResponse) {
    super(`The API answered ${response.status}`);
    this.name = 'DownloadError';
    this.status = response.status;
    this.body = response.body;
  }
}

/**
 * The mutation behind a merchant-links download icon: run one CSV route of the typed client (token, brand flag and
 * end-of-session rule included) and save the answer as `fileName`. A failure is kept in `error` for the screen to
 * show rather than only logged: a click that silently does nothing reads as a broken button.
 */
export function useCsvDownload<TVariables>(
  request: (variables: TVariables) => Promise<ClientResponse>,
  fileName: string,
) {
  return useMutation({
    mutationFn: async (variables: TVariables) => {
      const response = await request(variables);
      const { body } = response;
      if (response.status !== 200 || !(typeof body === 'string' || body instanceof Blob)) {
        throw new DownloadError(response);
      }
      saveFile(body, fileName);
      return fileName;
    },
  });
}
