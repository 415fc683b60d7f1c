import type { AppRoute } from '@ts-rest/core';
import { chooseExample, type ExampleName } from './named-examples';
import type { Preference } from './prefer';

/**
 * What a `Prefer` asks of one route, decided in one place for the API's mock mode and the MSW handlers, so both
 * refuse, validate and answer alike and say the same in `Preference-Applied`.
 */
export type ScenarioPlan =
  /** A 400 with this message: an undocumented status, or an example name no route has. */
  | { kind: 'refuse'; message: string }
  /**
   * Answer an example of `status`; `validatesRequest`: only after the request passed the route's schemas, since
   * an example of the normal answer never stands in for the 400 that bad input gets.
   */
  | { kind: 'example'; status: number; name: ExampleName | undefined; validatesRequest: boolean; applied: string[] }
  /** Nothing to answer in the call's place: the normal answer (or the global controls). */
  | { kind: 'pass' };

export function documentedStatuses(route: AppRoute): number[] {
  return Object.keys(route.responses)
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * A status that is the route's normal answer, success or redirect (`/redirect` documents only its 302): its
 * example is given only to a request the route accepts. An error status needs no valid request: it stands for
 * what the server would answer anyway.
 */
export function isNormalAnswer(status: number): boolean {
  return status >= 200 && status < 400;
}

/** `Prefer: code=N` and `example=<name>`, in that order (the delay is the caller's, before this). */
export function planScenario(route: AppRoute, preference: Preference): ScenarioPlan {
  const statuses = documentedStatuses(route);
  const { code } = preference;
  if (code !== undefined) {
    if (!statuses.includes(code)) {
      return {
        kind: 'refuse',
        message: `Prefer: code=${String(code)} is not documented for ${route.method} ${route.path}; it documents ${statuses.join(', ')}.`,
      };
    }
    const choice = chooseExample(route, code, preference.example);
    if (!choice.ok) return { kind: 'refuse', message: choice.message };
    const applied = [`code=${String(code)}`, ...(choice.name === undefined ? [] : [`example=${choice.name}`])];
    return { kind: 'example', status: code, name: choice.name, validatesRequest: isNormalAnswer(code), applied };
  }
  // Named examples are of JSON successes: a route with none (a redirect) has no names, and ignores the preference.
  const success = statuses.find((status) => status >= 200 && status < 300);
  if (success === undefined) return { kind: 'pass' };
  const choice = chooseExample(route, success, preference.example);
  if (!choice.ok) return { kind: 'refuse', message: choice.message };
  if (choice.name === undefined) return { kind: 'pass' };
  return {
    kind: 'example',
    status: success,
    name: choice.name,
    validatesRequest: true,
    applied: [`example=${choice.name}`],
  };
}

/** The wait a `delay` range asks for, in whole milliseconds; none for a range of 0. */
export function scenarioDelayMs(
  range: { minMs: number; maxMs: number } | null | undefined,
  random: () => number = Math.random,
): number | undefined {
  if (!range || range.maxMs <= 0) return undefined;
  return range.minMs + Math.floor(random() * (range.maxMs - range.minMs + 1));
}

/**
 * The `Preference-Applied` value (RFC 7240 §3): the delay waited for a `Prefer: delay` (as the milliseconds
 * waited), then what shaped the answer (`code=`, `example=`); undefined when nothing was applied.
 */
export function preferenceApplied(
  preferredDelayMs: number | undefined,
  applied: readonly string[] = [],
): string | undefined {
  const parts = [...(preferredDelayMs === undefined ? [] : [`delay=${String(preferredDelayMs)}`]), ...applied];
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** Tells the caller which preferences were honoured (RFC 7240 §3). */
export const PREFERENCE_APPLIED_HEADER = 'Preference-Applied';
