import { useMutation } from '@tanstack/react-query';
import { saveFile } from './save-file';
import { ApiResponseError, type ClientResponse } from './api-response';

/**
 * Runs one CSV route of the typed client (so the token, the brand flag and the end-of-session rule all apply) and
 * returns the file's content. Non-200 answers become an ApiResponseError carrying the error envelope: a failed
 * download is shown, never swallowed (part 1 §8 names the silent failure as a defect).
 */
async function fetchCsv(request: () => Promise<ClientResponse>): Promise<string | Blob> {
  const response = await request();
  if (response.status !== 200) throw new ApiResponseError(response);
  const { body } = response;
  if (typeof body === 'string' || body instanceof Blob) return body;
  throw new ApiResponseError({
    status: response.status,
    body: { statusMessages: ['The download did not return a CSV file.'], errors: [] },
  });
}

/**
 * The mutation behind every download button: fetch the CSV with `request(variables)` and save it as the file name
 * the variables call for. `isPending` drives the progress indicator, `error` the visible failure.
 */
export function useCsvDownload<TVariables>(
  request: (variables: TVariables) => Promise<ClientResponse>,
  fileName: (variables: TVariables) => string,
) {
  return useMutation({
    mutationFn: async (variables: TVariables) => {
      const content = await fetchCsv(() => request(variables));
      saveFile(content, fileName(variables));
      return fileName(variables);
    },
  });
}
