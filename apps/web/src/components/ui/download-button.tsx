import { Spinner } from './spinner';

interface DownloadButtonProps {
  /** The accessible name, e.g. "Download conversion_reports.csv". */
  label: string;
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

/** The CSV download icon. While the file is being fetched it shows a spinner and is disabled. */
export function DownloadButton({ label, isPending, onClick, disabled = false }: DownloadButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || isPending}
      aria-busy={isPending}
      title={label}
      className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-indigo-600 ring-1 ring-inset ring-slate-300 transition hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {isPending ? <Spinner label="Downloading" /> : <DownloadIcon />}
      <span className="sr-only">{label}</span>
    </button>
  );
}
