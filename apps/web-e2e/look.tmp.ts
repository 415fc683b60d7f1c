// Ad-hoc screenshots of the interactive parts against a running `npm start` (not committed).
import { chromium } from 'playwright-core';
const WEB = process.env.WEB ?? 'http://localhost:4200';
const OUT = '/tmp/look';
const sizes = { desk: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function page(email: string, size: keyof typeof sizes) {
  const context = await browser.newContext({ baseURL: WEB, viewport: sizes[size] });
  const p = await context.newPage();
  await p.goto('/signin');
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password', { exact: true }).fill('Publisher#2026');
  await p.getByRole('button', { name: 'Login' }).click();
  await p.waitForURL((url) => url.pathname !== '/signin');
  await p.waitForTimeout(1500);
  return p;
}
for (const size of ['desk', 'phone'] as const) {
  const v = await page('vendor@publisher.test', size);
  if (size === 'phone') {
    await v.getByRole('button', { name: 'Open menu' }).click();
    await v.waitForTimeout(600);
    await v.screenshot({ path: `${OUT}/drawer-${size}.png` });
    await v.keyboard.press('Escape');
  }
  await v.goto('/products'); await v.waitForTimeout(2500);
  const combo = v.getByRole('combobox').first();
  await combo.click(); await combo.fill('na'); await v.waitForTimeout(800);
  await v.screenshot({ path: `${OUT}/products-combobox-${size}.png` });
  await v.keyboard.press('Escape');
  await v.goto('/deepLinksAPI2'); await v.waitForTimeout(2500);
  await v.screenshot({ path: `${OUT}/dl2-${size}.png`, fullPage: size === 'phone' });
  // A bad id: the form's message.
  const first = v.getByRole('textbox').first();
  await first.fill('abc!!'); await v.getByRole('button', { name: /Generate/ }).first().click(); await v.waitForTimeout(800);
  await v.screenshot({ path: `${OUT}/dl2-error-${size}.png` });
  await v.goto('/allCoupons'); await v.waitForTimeout(2500);
  await v.screenshot({ path: `${OUT}/coupons-${size}.png` });
  const a = await page('admin@publisher.test', size);
  await a.goto('/addCustomDomain'); await a.waitForTimeout(2500);
  const del = a.getByRole('button', { name: /Delete|Remove/ }).first();
  if (await del.count()) { await del.click(); await a.waitForTimeout(700); }
  await a.screenshot({ path: `${OUT}/confirm-${size}.png` });
  await a.keyboard.press('Escape');
  await a.goto('/savedailyReports'); await a.waitForTimeout(2500);
  await a.getByRole('button', { name: /Save/ }).first().click().catch(() => undefined); await a.waitForTimeout(700);
  await a.screenshot({ path: `${OUT}/save-reports-${size}.png` });
  await a.goto('/FullDashboard'); await a.waitForTimeout(3000);
  await a.screenshot({ path: `${OUT}/feeds-${size}.png` });
}
await browser.close();
console.log('done');
