import { Button } from './button';
import { Spinner } from './spinner';

/** The visible words of every CSV download button. */
export const DOWNLOAD_CSV_LABEL = 'Download CSV';

interface DownloadButtonProps {
  /** The file the button saves, e.g. conversion_reports_2026-11-01_to_2026-11-28.csv: it ends the button's name. */
  fileName: string;
  isPending: boolean;
  onClick: () => void;
  disabled?: boolean;
}

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="h-5 w-5">
      <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A CSV download: the icon and "Download CSV" in words (an icon alone left people guessing), the file name heard
 * after them in its label (two downloads on one screen differ by it) and shown as the tooltip. While the file is
 * being fetched it shows a spinner and is disabled.
 */
export function DownloadButton({ fileName, isPending, onClick, disabled = false }: DownloadButtonProps) {
  return (
    <Button
      variant="secondary"
      onClick={onClick}
      disabled={disabled || isPending}
      aria-busy={isPending}
      title={fileName}
      // The visible words first (what a speech user says), then the file: browsers and jsdom join hidden text
      // differently ("Download CSV , name", "Download CSVname"), a label reads the same everywhere.
      aria-label={`${DOWNLOAD_CSV_LABEL} ${fileName}`}
      className="text-indigo-700"
    >
      {isPending ? <Spinner label="Downloading" /> : <DownloadIcon />}
      {DOWNLOAD_CSV_LABEL}
    </Button>
  );
}
