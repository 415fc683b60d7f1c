import mongoose from 'mongoose';
import type { ControlState, ErrorRateBody, LatencyRange, LimitsCleared, SeedProfile } from '@publisher/contract';
import { SigninFailureModel } from '../auth/signin-failure.model';
import { seedDatabase } from '../seed/seed';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { RateLimitHitModel } from '../shared/rate-limit-hit.model';
import { presentControlState, restoreDefaults, type ControlSettings } from './control-state';
import { seedProfilePlan } from './seed-profiles';

export interface ControlServiceDeps {
  settings: ControlSettings;
  /** The app's clock, which PUT /__control/clock fixes. */
  clock: Clock;
  bcryptRounds: number;
  /** Days of reports the `demo` profile saves (SEED_REPORT_DAYS). */
  demoReportDays: number;
  /** Writes what is buffered in memory (call logs, clicks) before the database is emptied. */
  beforeReset: () => Promise<void>;
  /** Drops every in-process copy of the data (read models, caches) once the new seed is written. */
  afterReset: () => Promise<void>;
  log?: (line: string) => void;
}

export type ControlService = ReturnType<typeof createControlService>;

/** Indexes are created one model at a time: FerretDB v1 takes few concurrent writes. */
async function recreateIndexes(): Promise<void> {
  for (const model of Object.values(mongoose.models)) await model.createIndexes();
}

export function createControlService(deps: ControlServiceDeps) {
  const { settings, clock, log = () => undefined } = deps;
  const state = (): ControlState => presentControlState(settings, clock);

  async function reset(profile: SeedProfile = settings.profile): Promise<ControlState> {
    if (settings.resetting) throw AppError.conflict('A reset is already running; try again when it has finished.');
    settings.resetting = true;
    try {
      // Clock first: the seed lays out report days and coupons around the real "today".
      restoreDefaults(settings, clock);
      await deps.beforeReset();
      await mongoose.connection.dropDatabase();
      await recreateIndexes();
      const plan = seedProfilePlan(profile, deps.demoReportDays);
      const started = performance.now();
      const summary = await seedDatabase({
        bcryptRounds: deps.bcryptRounds,
        catalog: plan.catalog,
        reportDays: plan.reportDays,
        demoAccounts: true,
      });
      settings.profile = profile;
      await deps.afterReset();
      log(`[control] reset to ${profile} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${summary}`);
      settings.lastResetAt = new Date();
    } finally {
      settings.resetting = false;
    }
    return state();
  }

  return {
    state,
    reset,
    setClock(now: Date): ControlState {
      clock.setFixed(now);
      return state();
    },
    clearClock(): ControlState {
      clock.setFixed(null);
      return state();
    },
    setLatency(latency: LatencyRange | null): ControlState {
      settings.latency = latency;
      return state();
    },
    /** Lets everyone sign in again at once (a team locked out by its own typos) without a reseed. */
    async clearLimits(): Promise<LimitsCleared> {
      const [addresses, accounts] = await Promise.all([
        RateLimitHitModel.deleteMany({}),
        SigninFailureModel.deleteMany({}),
      ]);
      return { addressCounters: addresses.deletedCount, accountLockouts: accounts.deletedCount };
    },
    setErrors(body: ErrorRateBody | null): ControlState {
      settings.errorRate = body?.rate ?? 0;
      settings.errorStatus = body?.status ?? 500;
      return state();
    },
  };
}
