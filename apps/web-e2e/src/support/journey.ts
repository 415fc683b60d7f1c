import type { Page } from 'playwright-core';
import { DISPLAY_MONTHS } from '@publisher/contract';

/** The password of every seeded demo account. */
export const DEMO_PASSWORD = 'Publisher#2026';

/** Signs in through the sign-in screen (a demo account unless a password is given). */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Polls `read` until `accept` holds, then returns the value; fails after 20 s naming `what` and the last value. */
export async function waitForValue<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (accept(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
}

/**
 * Clicks an entry of the side menu by its label. A long menu (the admin's) folds the sections away from the current
 * screen, so folded sections are opened first.
 */
export async function clickSideMenuLink(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await menu.getByRole('button', { name: 'Log out' }).waitFor();
  const folded = menu.getByRole('button', { expanded: false });
  while ((await folded.count()) > 0) await folded.first().click();
  await menu.getByRole('link', { name: label, exact: true }).click();
}

/** A day as the screens show it ('26 Nov 2026') back as YYYY-MM-DD, for a call to the API. */
export function isoFromScreenDate(text: string): string {
  const [day = '', month = '', year = ''] = text.trim().split(' ');
  return `${year}-${String((DISPLAY_MONTHS as readonly string[]).indexOf(month) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}
