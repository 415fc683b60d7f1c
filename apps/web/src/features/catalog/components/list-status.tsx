import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';

interface ListStatusProps {
  /** What is listed, for the loading announcement ("products"). */
  what: string;
  /** First load: nothing to show yet. */
  isLoading: boolean;
  error: unknown;
  /** Reads the list again after a failure. */
  onRetry: () => void;
  isRetrying?: boolean;
  isEmpty: boolean;
  emptyMessage: string;
  /** The list itself, shown once there is something to show. */
  children: ReactNode;
}

/**
 * The loading, error and empty states every catalog list shares (part 1 §8 for the error text). Rows still on
 * screen from the previous page stay visible under an error.
 */
export function ListStatus({
  what,
  isLoading,
  error,
  onRetry,
  isRetrying = false,
  isEmpty,
  emptyMessage,
  children,
}: ListStatusProps) {
  return (
    <div className="space-y-4">
      <ErrorState error={error} onRetry={onRetry} isRetrying={isRetrying} what={`The ${what}`} />
      {isLoading ? (
        <div className="flex justify-center rounded-xl border border-slate-200 bg-white px-4 py-12">
          <Spinner label={`Loading ${what}`} />
        </div>
      ) : isEmpty ? (
        error ? null : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center text-sm text-slate-500">
            {emptyMessage}
          </p>
        )
      ) : (
        children
      )}
    </div>
  );
}
