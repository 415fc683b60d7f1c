import { errorMessageOf } from '../../lib/api-error';
import { Button } from './button';

interface ErrorStateProps {
  error: unknown;
  /** Reads again (the query's refetch). */
  onRetry: () => void;
  /** A retry under way: the button waits. */
  isRetrying?: boolean;
  /** What failed to load, for the heading: "The report could not be loaded." */
  what?: string;
}

/**
 * A read that failed, said as a failure and never as an empty result: the envelope's message (part 1 §8) and a
 * Retry button. Shared by every list, table and card screen; form errors stay FormError.
 */
export function ErrorState({ error, onRetry, isRetrying = false, what = 'This' }: ErrorStateProps) {
  if (error === null || error === undefined) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-left"
    >
      <div className="text-sm">
        <p className="font-semibold text-rose-800">{what} could not be loaded.</p>
        <p className="text-rose-700">{errorMessageOf(error)}</p>
      </div>
      <Button variant="secondary" onClick={onRetry} disabled={isRetrying} aria-busy={isRetrying}>
        {isRetrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
