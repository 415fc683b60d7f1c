import type { ControlState, LatencyRange, SeedProfile } from '@publisher/contract';
import type { Clock } from '../shared/clock';

/**
 * The scenario controls of this process (development and test only): the seed profile last reset to, the
 * global latency and error rate. The fixed "now" lives in the app's clock (shared/clock.ts), which every date
 * computation of the app reads.
 */
export interface ControlSettings {
  profile: SeedProfile;
  latency: LatencyRange | null;
  errorRate: number;
  errorStatus: 500 | 503;
  resetting: boolean;
  lastResetAt: Date | null;
  lastReset: ControlState['lastReset'];
}

export function createControlSettings(profile: SeedProfile = 'demo'): ControlSettings {
  return {
    profile,
    latency: null,
    errorRate: 0,
    errorStatus: 500,
    resetting: false,
    lastResetAt: null,
    lastReset: null,
  };
}

/** Clock, latency and errors back to their defaults (a reset does this; the profile stays as chosen). */
export function restoreDefaults(settings: ControlSettings, clock: Clock): void {
  clock.setFixed(null);
  settings.latency = null;
  settings.errorRate = 0;
  settings.errorStatus = 500;
}

export function presentControlState(settings: ControlSettings, clock: Clock): ControlState {
  return {
    profile: settings.profile,
    fixedNow: clock.fixed()?.toISOString() ?? null,
    latency: settings.latency ? { ...settings.latency } : null,
    errorRate: settings.errorRate,
    errorStatus: settings.errorStatus,
    resetting: settings.resetting,
    lastResetAt: settings.lastResetAt?.toISOString() ?? null,
    lastReset: settings.lastReset ? { ...settings.lastReset } : null,
  };
}
