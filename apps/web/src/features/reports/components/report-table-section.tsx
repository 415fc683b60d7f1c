import type { ReactNode } from 'react';
import { DownloadButton } from '../../../components/ui/download-button';
import { QueryError } from '../../../components/ui/query-error';

export interface SectionDownload {
  /** The file the button saves, e.g. conversion_reports_2026-11-01_to_2026-11-28.csv; it names the button. */
  fileName: string;
  isPending: boolean;
  error: unknown;
  onDownload: () => void;
  disabled?: boolean;
}

interface ReportTableSectionProps {
  title: string;
  /** A line next to the title, e.g. "Total Count: 42". */
  meta?: ReactNode;
  download?: SectionDownload;
  children: ReactNode;
}

/** A titled block of a report screen: heading, optional CSV download (with progress and failure), content. */
export function ReportTableSection({ title, meta, download, children }: ReportTableSectionProps) {
  return (
    <section aria-label={title} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          {meta ? <p className="text-sm text-slate-600">{meta}</p> : null}
        </div>
        {download ? (
          <div className="flex items-center gap-3">
            {download.isPending ? (
              <span className="text-sm text-slate-600" aria-live="polite">
                Preparing {download.fileName}…
              </span>
            ) : null}
            <DownloadButton
              fileName={download.fileName}
              isPending={download.isPending}
              disabled={download.disabled}
              onClick={download.onDownload}
            />
          </div>
        ) : null}
      </div>
      {download ? <QueryError error={download.error} /> : null}
      {children}
    </section>
  );
}
