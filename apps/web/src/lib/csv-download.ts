import { useToast } from '../components/ui/toast-provider';
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

/** The dates a download covers; either may be missing (the download page's link may carry none). */
export interface CsvRange {
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * The spec's file name with the range it covers before the extension: `conversion_reports.csv` for 1–28 Nov
 * 2026 is `conversion_reports_2026-11-01_to_2026-11-28.csv`, so two downloads of different ranges never overwrite
 * or pass for each other. Without both dates the spec's name is kept as it is.
 */
export function csvFileName(fileName: string, range: CsvRange = {}): string {
  const { startDate, endDate } = range;
  if (!startDate || !endDate) return fileName;
  const dot = fileName.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  return `${base}_${startDate}_to_${endDate}${extension}`;
}

/** The toast that confirms a saved file (announced by the toast's live region). */
export const downloadedMessage = (fileName: string) => `Downloaded ${fileName}`;

interface CsvDownloadOptions {
  /**
   * Confirm a saved file with a toast (default). The download page says it in its own content instead, so a screen
   * reader does not hear it twice.
   */
  isConfirmedByToast?: boolean;
}

/**
 * The mutation behind every download button: run one CSV route of the typed client with `request(variables)` (so
 * the token, the brand flag and the end-of-session rule all apply) and save the file under the name the variables
 * call for, then confirm it with a toast. `isPending` drives the progress indicator, `error` the visible failure: a
 * non-2xx answer carries its error envelope, never swallowed (part 1 §8 names the silent failure as a defect).
 */
export function useCsvDownload<TVariables>(
  request: (variables: TVariables) => Promise<ClientResponse>,
  fileName: (variables: TVariables) => string,
  { isConfirmedByToast = true }: CsvDownloadOptions = {},
) {
  const { showToast } = useToast();
  return useContractMutation({
    request,
    onBody: (body: unknown, variables: TVariables) => {
      const name = fileName(variables);
      saveFile(csvContentOf(body), name);
      return name;
    },
    onSuccess: (name: string) => {
      if (isConfirmedByToast) showToast(downloadedMessage(name));
    },
  });
}
