import { createActivityRecorder, type ActivityRecorder } from './admin/activity-recorder';
import { createClickRecorder, type ClickRecorder } from './deep-links/click-recorder';
import { createFeedClickRecorder } from './feeds/feed-click-recorder';
import { createClock, type Clock } from './shared/clock';
import type { FeedClickRecord } from './feeds/feed-click.model';
import { createReportCache, type ReportCache } from './reports/rollup-cache';
import { createAccessUsers, type AccessUsers } from './shared/auth/user-cache';

/**
 * Everything mutable one app holds between requests: made together so a second set (an isolated mock session)
 * can be made the same way and never share an entry with the first. Caches here read the database; the app
 * decides when they forget (its own writes, a scenario reset).
 *
 * Not here, and why: the write budget (shared/db-limits.ts) is per process because FerretDB hangs on the
 * statements in flight at the server, whoever sends them; the report layout (reports/report-layout.ts) describes
 * the database, not an app; the scenario controls' settings and the request journal belong to the mock layer
 * (control/mock-app.ts MockState), which a production app does not have.
 */
export interface AppState {
  /** Monthly rollups and saved days the report reads go through (reports/rollup-cache.ts). */
  reports: ReportCache;
  /** Users the access check reads, by id and by apiKey (shared/auth/user-cache.ts). */
  users: AccessUsers;
  /** Authenticated calls and searches, buffered and written in batches (admin/activity-recorder.ts). */
  activity: ActivityRecorder;
  /** Clicks on tracked links, buffered and written in batches; report saves flush it (deep-links/click-recorder.ts). */
  clicks: ClickRecorder;
  /** Follows of feed links, buffered the same way (feeds/feed-click-recorder.ts). */
  feedClicks: ClickRecorder<FeedClickRecord>;
  /** "Now" for business dates: report days, coupon validity, token and link expiry, click days (shared/clock.ts). */
  clock: Clock;
}

/** A fresh state; `parts` replaces any piece (tests). */
export function createAppState(parts: Partial<AppState> = {}): AppState {
  return {
    reports: parts.reports ?? createReportCache(),
    users: parts.users ?? createAccessUsers(),
    activity: parts.activity ?? createActivityRecorder(),
    clicks: parts.clicks ?? createClickRecorder(),
    feedClicks: parts.feedClicks ?? createFeedClickRecorder(),
    clock: parts.clock ?? createClock(),
  };
}
