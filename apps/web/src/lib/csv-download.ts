import { saveFile } from './save-file';
import { ApiResponseError, type ClientResponse } from './api-response';
import { useContractMutation } from './contract-query';

function csvContentOf(body: unknown): string | Blob {
  if (typeof body === 'string' || body instanceof Blob) return body;
  throw new ApiResponseError({
    status: 200,
    body: { statusMessages: ['The download did not return a CSV file.'], errors: [] },
  });
}

/**
 * The mutation behind every download button: run one CSV route of the typed client with `request(variables)` (so
 * the token, the brand flag and the end-of-session rule all apply) and save the file under the name the variables
 * call for. `isPending` drives the progress indicator, `error` the visible failure: a non-2xx answer carries its
 * error envelope, never swallowed (part 1 §8 names the silent failure as a defect).
 */
export function useCsvDownload<TVariables>(
  request: (variables: TVariables) => Promise<ClientResponse>,
  fileName: (variables: TVariables) => string,
) {
  return useContractMutation({
    request,
    onBody: (body: unknown, variables: TVariables) => {
      saveFile(csvContentOf(body), fileName(variables));
      return fileName(variables);
    },
  });
}
