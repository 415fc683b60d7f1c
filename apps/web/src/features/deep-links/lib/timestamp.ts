/** Part 2 §5: a blank campaign id becomes "a current-time number" (milliseconds since the epoch). */
export function campaignIdOrNow(campaignId: string, now: () => number = Date.now): string {
  const trimmed = campaignId.trim();
  return trimmed === '' ? String(now()) : trimmed;
}
