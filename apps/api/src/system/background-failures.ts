import type { BackgroundFailure, BackgroundFailureKind } from '@publisher/contract';

/** Failures listed at most: the latest, one entry per kind and reason. */
export const MAX_BACKGROUND_FAILURES = 50;

/** What a piece of background work reports when it fails. */
export interface BackgroundFailureReport {
  kind: BackgroundFailureKind;
  /** What happened, naming the file, database or profile concerned. */
  reason: string;
  /** What the user does about it ("Nothing: ..." when it heals by itself). */
  whatToDo: string;
  /** When it happened (default: now). */
  at?: Date;
}

/**
 * The process's list of background failures (GET /health `failures`, GET /__control `failures`): work nobody
 * waits for (a seed copy kept for resets, a spare session database filled, the embedded database's restarts and
 * files moved aside) reports here, so that a failure is never only a log line. Made once per process (main.ts)
 * and passed down through the apps' deps like their other state; the mock sessions' apps share it.
 */
export interface BackgroundFailures {
  /** Adds a failure (also logged); a repeat of the same kind and reason counts on its entry. */
  report(failure: BackgroundFailureReport): void;
  /** The failures, oldest first: this list's and the database's (its restarts and quarantined files). */
  list(): BackgroundFailure[];
}

export interface BackgroundFailuresOptions {
  /** The database's own incidents (tools/db: the embedded FerretDB's deaths and files moved aside). */
  database?: () => readonly Omit<BackgroundFailure, 'count'>[];
  log?: (line: string) => void;
}

/** Adds `entry` to `list`, counting a repeat of the same kind and reason on its entry (moved to the end). */
function add(list: BackgroundFailure[], entry: Omit<BackgroundFailure, 'count'>): void {
  const index = list.findIndex((known) => known.kind === entry.kind && known.reason === entry.reason);
  const count = index >= 0 ? (list[index]?.count ?? 0) + 1 : 1;
  if (index >= 0) list.splice(index, 1);
  list.push({ ...entry, count });
  list.splice(0, list.length - MAX_BACKGROUND_FAILURES);
}

export function createBackgroundFailures({
  database = () => [],
  log = console.log,
}: BackgroundFailuresOptions = {}): BackgroundFailures {
  const reported: BackgroundFailure[] = [];
  return {
    report({ kind, reason, whatToDo, at = new Date() }) {
      log(`[failure] ${kind}: ${reason} ${whatToDo}`);
      add(reported, { kind, reason, whatToDo, at: at.toISOString() });
    },
    list() {
      const merged = reported.map((entry) => ({ ...entry }));
      for (const incident of database()) add(merged, incident);
      return merged.sort((a, b) => a.at.localeCompare(b.at)).slice(-MAX_BACKGROUND_FAILURES);
    },
  };
}
