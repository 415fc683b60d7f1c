import { readFileSync, readdirSync, createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn } from './support/journey';

/**
 * Not a test: the figures of issue 10's closing note (time to parse and upload a 50 MB conversion CSV in Chromium,
 * the page's peak memory). Run with `npm run bench:upload` (never part of `npm test`); MEASURE_UPLOAD_MB picks another size.
 */
const targetBytes = Number(process.env['MEASURE_UPLOAD_MB'] ?? '50') * 1024 * 1024;
/**
 * MEASURE_UPLOAD_STUB=1 answers the upload calls in the browser itself (a 200 per chunk, nothing stored): the
 * browser's own cost of sending the file, apart from the API and database's write speed.
 */
const isStubbed = process.env['MEASURE_UPLOAD_STUB'] === '1';

const HEADER =
  'FROM_DATE,TO_DATE,CAMPAIGN_ID,CAMPAIGN_NAME,PLACEMENT_ID,MERCHANT_NAME,CLICKS,SALES,EARNINGS,CONVERSION_RATE,CPC,AOV,SALES_COUNT';
const CAMPAIGNS = [5001, 5036, 5040, 5056, 5057, 5070, 5080];

function isoDaysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** A conversion CSV of about `bytes` bytes: the seven demo campaigns over 180 days, a few merchants quoted. */
async function writeCsv(bytes: number): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'upload-measure-')), 'conversions-50mb.csv');
  const out = createWriteStream(path);
  let written = 0;
  let index = 0;
  const write = (line: string) =>
    new Promise<void>((resolve) => {
      written += line.length + 1;
      if (out.write(`${line}\n`)) resolve();
      else out.once('drain', () => resolve());
    });
  await write(HEADER);
  while (written < bytes) {
    const campaign = CAMPAIGNS[index % CAMPAIGNS.length] ?? 5001;
    const date = isoDaysAgo(1 + (Math.floor(index / CAMPAIGNS.length) % 180));
    const clicks = 50 + (index % 400);
    const sales = (clicks * 1.7).toFixed(2);
    const merchant = index % 10 === 0 ? '"Acme, Inc"' : `Merchant ${index % 300}`;
    await write(
      `${date},${date},CMP-${campaign},Spring,CMP-${campaign}_p${index % 500},${merchant},${clicks},${sales},${(clicks * 0.11).toFixed(4)},${(2 + (index % 5) / 10).toFixed(2)},0.11,55.5,${index % 7}`,
    );
    index += 1;
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return path;
}

/** Resident memory of Chromium's renderer processes (the page, its worker), in MB: the largest one. */
function rendererRssMb(): number {
  let largest = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('chromium') || !cmdline.includes('--type=renderer')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss?.[1]) largest = Math.max(largest, Number(rss[1]) / 1024);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return largest;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('50 MB conversion upload (measurement)', () => {
  it('parses and uploads, printing time and peak memory', { timeout: 3_600_000 }, async () => {
    const csv = await writeCsv(targetBytes);
    const sizeMb = statSync(csv).size / 1024 / 1024;
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'admin@publisher.test');
    await page.waitForURL('**/dashboard');
    await page.goto('/uploadReports');
    if (isStubbed) {
      await page.route('**/home/createBulkReports*', async (route) => {
        const body = route.request().postDataJSON() as { reports: unknown[]; chunkCount?: number };
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            success: true,
            rowsWritten: body.reports.length,
            statusMessages: [],
            chunksReceived: body.chunkCount ?? 1,
          }),
        });
      });
    }

    let peakHeapMb = 0;
    let peakRssMb = 0;
    const sample = async () => {
      const heap = await page.evaluate(() => {
        const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
        return memory ? memory.usedJSHeapSize / 1024 / 1024 : 0;
      });
      peakHeapMb = Math.max(peakHeapMb, heap);
      peakRssMb = Math.max(peakRssMb, rendererRssMb());
    };
    // The main thread's longest gap between animation frames: a frozen page shows up here.
    await page.evaluate(() => {
      const state = window as Window & { longestGap?: number };
      state.longestGap = 0;
      let last = performance.now();
      const tick = (now: number) => {
        state.longestGap = Math.max(state.longestGap ?? 0, now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const sampler = setInterval(() => void sample().catch(() => undefined), 250);

    const parseStart = Date.now();
    await page.getByLabel('Conversion report (.csv)').setInputFiles(csv);
    await page.getByRole('table', { name: 'Conversion report preview' }).waitFor({ timeout: 600_000 });
    const parseMs = Date.now() - parseStart;
    const summary = await page.getByText(/rows over/).textContent();
    console.log(
      `[measure] parsed ${sizeMb.toFixed(1)} MB in ${(parseMs / 1000).toFixed(1)} s; peak main-thread heap ${peakHeapMb.toFixed(1)} MB, renderer ${peakRssMb.toFixed(1)} MB; ${summary ?? ''}`,
    );
    let uploadStart = Date.now();
    const progressLog = setInterval(() => {
      void page
        .getByRole('progressbar', { name: 'Uploading' })
        .getAttribute('aria-valuenow', { timeout: 1000 })
        .then((value) =>
          console.log(`[measure] upload ${value ?? '?'}% after ${((Date.now() - uploadStart) / 1000).toFixed(0)} s`),
        )
        .catch(() => undefined);
    }, 30_000);

    uploadStart = Date.now();
    await page.getByRole('button', { name: 'Submit Conversion Report' }).click();
    await page
      .getByRole('status')
      .getByText('Conversion Report Successfully Uploaded.')
      .waitFor({ timeout: 3_000_000 });
    const uploadMs = Date.now() - uploadStart;
    clearInterval(progressLog);
    clearInterval(sampler);
    await sample();
    const longestFrameGapMs = await page.evaluate(() => (window as Window & { longestGap?: number }).longestGap ?? 0);

    const figures = {
      uploadAnsweredBy: isStubbed ? 'stub in the page' : 'API',
      fileMb: Number(sizeMb.toFixed(1)),
      summary,
      parseSeconds: Number((parseMs / 1000).toFixed(1)),
      uploadSeconds: Number((uploadMs / 1000).toFixed(1)),
      peakMainThreadJsHeapMb: Number(peakHeapMb.toFixed(1)),
      peakRendererRssMb: Number(peakRssMb.toFixed(1)),
      longestFrameGapMs: Math.round(longestFrameGapMs),
    };
    console.log(`[measure] ${JSON.stringify(figures)}`);
    expect(parseMs).toBeGreaterThan(0);
  });
});
