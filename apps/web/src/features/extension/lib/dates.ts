/** Yesterday as YYYY-MM-DD in UTC: the default extension and save date (part 2 §9). */
export function yesterdayUtc(now: Date = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}
