import { isoDateSchema, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-error';
import { useDownloadConversionReportsAll } from '../api/use-download-conversion-reports-all';

/** Part 2 §2, word for word. */
export const DOWNLOAD_PAGE_MESSAGES = {
  downloading:
    'Downloading your Discount Hero and Connexity reports for the last 30 days. Please wait until the download is complete.',
  completed: 'Download completed successfully.',
  missingParameters: 'This download link is incomplete: it needs a vendorId and an apiKey.',
} as const;

/** Part 2 §9: the window closes 2 seconds after the download starts. */
const WINDOW_CLOSE_DELAY_MS = 2000;

type DownloadAllQuery = ClientInferRequest<Contract['reports']['downloadConversionReportsAll']>['query'];

/** A date query value, or undefined when it is missing, the literal 'null' (part 2 §7) or not a date. */
function optionalDate(value: string | null): string | undefined {
  if (value === null || value === '' || value === 'null') return undefined;
  return isoDateSchema.safeParse(value).success ? value : undefined;
}

/** The download's query from the page's own URL, or null when the link lacks its credentials. */
function queryFromSearch(searchParams: URLSearchParams): DownloadAllQuery | null {
  const vendorId = searchParams.get('vendorId')?.trim() ?? '';
  const apiKey = searchParams.get('apiKey')?.trim() ?? '';
  if (!/^\d+$/.test(vendorId) || apiKey === '') return null;
  return {
    campaign_id: Number(vendorId),
    apiKey,
    startDate: optionalDate(searchParams.get('startDate')),
    endDate: optionalDate(searchParams.get('endDate')),
  };
}

/**
 * The conversion report download page (`/downloadConversionReports?vendorId&apiKey&startDate&endDate`, public,
 * no side menu): fetches conversion_reports.csv on load with the link's apiKey, says so, and closes the window
 * 2 seconds after the file is handed to the browser (browsers only let a script close a window it opened).
 */
export function DownloadConversionReportsPage() {
  const [searchParams] = useSearchParams();
  const [query] = useState(() => queryFromSearch(searchParams));
  const { mutate, isPending, isSuccess, error } = useDownloadConversionReportsAll();
  const hasStarted = useRef(false);

  useEffect(() => {
    // Once per page load, even when React runs effects twice in development.
    if (!query || hasStarted.current) return;
    hasStarted.current = true;
    mutate(query);
  }, [query, mutate]);

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => window.close(), WINDOW_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess]);

  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title="Conversion Reports Download" />
      <Card className="space-y-4">
        {!query ? <FormError message={DOWNLOAD_PAGE_MESSAGES.missingParameters} /> : null}
        {query && (isPending || (!isSuccess && !error)) ? (
          <p className="flex items-start gap-3 text-sm text-slate-700">
            <Spinner label="Downloading" />
            <span>{DOWNLOAD_PAGE_MESSAGES.downloading}</span>
          </p>
        ) : null}
        {/* The page's own content, which the spec words (part 2 §2), not the confirmation of a user's action: it
            stays in the page rather than in a toast (docs/SPEC-NOTES.md). */}
        {isSuccess ? (
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-700"
          >
            {DOWNLOAD_PAGE_MESSAGES.completed}
          </p>
        ) : null}
        {error ? <FormError message={errorMessageOf(error)} /> : null}
      </Card>
    </div>
  );
}
