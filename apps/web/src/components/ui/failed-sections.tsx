import { ErrorState } from './error-state';

/** One read behind a section of a screen: what is needed to say it failed and to read it again. */
export interface SectionRead {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

const hasFailed = (read: SectionRead) => read.error !== null && read.error !== undefined;

/**
 * Whether every section of a screen of several failed: the screen then says so once, with one Retry
 * ({@link AllSectionsFailed}), instead of one error and one Retry per section. When only some failed, each keeps
 * its own.
 */
export function haveAllFailed(reads: readonly SectionRead[]): boolean {
  return reads.length > 1 && reads.every(hasFailed);
}

interface AllSectionsFailedProps {
  reads: readonly SectionRead[];
  /** What the screen failed to load, for the heading: "The conversion report could not be loaded." */
  what: string;
}

/** The one error of a screen whose sections all failed: the first failure's message, and Retry for every one. */
export function AllSectionsFailed({ reads, what }: AllSectionsFailedProps) {
  const failed = reads.filter(hasFailed);
  return (
    <ErrorState
      error={failed[0]?.error}
      onRetry={() => {
        for (const read of failed) void read.refetch();
      }}
      isRetrying={reads.some((read) => read.isFetching)}
      what={what}
    />
  );
}
