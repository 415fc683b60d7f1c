import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn } from './support/journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const email = `e2e.${unique}@example.test`;

describe('a new vendor', () => {
  it('signs up, edits the account, changes the password, signs in again and logs out', async () => {
    const page = await newPage(browser, inject('webUrl'));

    await page.goto('/signup_publisher_0599');
    // The sign-up screen is its own chunk: wait for it to load.
    await page.getByRole('heading', { name: "Let's Get Started – Sign Up in a Snap!" }).waitFor();
    await page.getByLabel('Vendor Name').fill('Rita Journey Tester');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('55501abc02');
    await page.getByLabel('Password', { exact: true }).fill('first-secret');
    await page.getByLabel('Confirm Password').fill('first-secret');
    const signUp = page.getByRole('button', { name: 'Sign Up' });
    expect(await signUp.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await signUp.click();

    // A new vendor has deep links 1 on, so the menu's landing page is the dashboard.
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('banner').getByText('Rita Journey Tester').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
    await sideMenu.getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL('**/myAccount');
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit Account Details' });
    expect(await form.getByLabel('Email', { exact: true }).isEditable()).toBe(false);
    await form.getByLabel('Full Name').fill('Rita Renamed');
    await form.getByLabel('City').fill('Lisbon');
    await form.getByLabel('Zip').fill('1200a');
    expect(await form.getByLabel('Zip').inputValue()).toBe('1200');
    await form.getByRole('button', { name: 'Update' }).click();
    await page.getByTestId('account-name').filter({ hasText: 'Rita Renamed' }).waitFor();
    await page.getByText('Lisbon').first().waitFor();

    // What was saved stays saved: a reload reads it back from the API.
    await page.reload();
    await page.getByTestId('account-name').filter({ hasText: 'Rita Renamed' }).waitFor();

    await sideMenu.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL('**/changePassword');
    await page.getByLabel('Old Password').fill('first-secret');
    await page.getByLabel('New Password', { exact: true }).fill('second-secret');
    await page.getByLabel('Confirm Password').fill('second-secret');
    await page.getByRole('button', { name: 'Change Password' }).click();
    // The sign-in page opens at once (the API revoked this session's token); the toast that says so is held by
    // change-password-page.test.tsx.
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await signIn(page, email, 'first-secret');
    await page.getByText('Invalid email or password.').waitFor();

    await signIn(page, email, 'second-secret');
    await page.waitForURL('**/dashboard');
    await page.getByRole('banner').getByText('Rita Renamed').waitFor();

    await sideMenu.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});

describe('the menu rules at sign-in', () => {
  it('sends a vendor with deeplink1 off to the conversion report of deep links 2, and shows only its items', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'reports-only@publisher.test');
    await page.waitForURL('**/conversionReports2');
    const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
    // allTextContents does not wait: let the menu render first.
    await sideMenu.getByRole('link', { name: 'My Account' }).waitFor();
    // Each entry's label is its first text; a numbered entry's subtitle follows it.
    const links = await sideMenu
      .getByRole('link')
      .evaluateAll((elements) => elements.map((element) => element.firstChild?.textContent ?? ''));
    expect(links).toEqual(['Conversion Reports 2', 'Deep Links API 2', 'My Account', 'Change Password']);
    await page.context().close();
  });

  it('shows the error under the form and makes no call when a field is empty', async () => {
    const page = await newPage(browser, inject('webUrl'));
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/signin')) calls.push(request.url());
    });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Login' }).click();
    // The form's schemas load on first use, so the message can follow the click by a moment.
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await page.context().close();
  });

  it('redirects /signIn and signed-out visits of account pages to /signin', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await page.goto('/signIn');
    await page.waitForURL('**/signin');
    await page.goto('/myAccount');
    await page.waitForURL('**/signin');
    await page.context().close();
  });
});
