import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Exact text of part 2 §2 "Shell". */
export const DOMAIN_NOT_ACTIVATED_MESSAGE = 'Your domain server is not yet activated, Please contact support team.';

interface DomainNotActivatedPageProps {
  /**
   * Where 'GO TO HOME PAGE' leads. A full page load, not a client-side navigation: on an unrecognised
   * sub-domain the app itself is blocked, so only leaving it helps.
   */
  homeUrl?: string;
  /** Replaces the page load (tests, embedding). */
  onGoHome?: () => void;
}

/** The blocking page shown when domain verification fails for a sub-domain. */
export function DomainNotActivatedPage({ homeUrl = paths.home, onGoHome }: DomainNotActivatedPageProps) {
  const handleGoHome = () => {
    if (onGoHome) onGoHome();
    else window.location.assign(homeUrl);
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div
        role="alert"
        className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          className="mx-auto h-12 w-12 text-amber-700"
        >
          <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
        <p className="mt-4 text-lg font-semibold text-slate-900">{DOMAIN_NOT_ACTIVATED_MESSAGE}</p>
        <Button className="mt-6" onClick={handleGoHome}>
          GO TO HOME PAGE
        </Button>
      </div>
    </main>
  );
}
