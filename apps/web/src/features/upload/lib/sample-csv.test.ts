import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConversionFile } from './parse-conversion-file';

const SAMPLE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'public',
  'samples',
  'conversion-report-sample.csv',
);

describe('the shipped sample CSV', () => {
  it('passes every rule and keeps at least one date', async () => {
    const result = await parseConversionFile(new File([readFileSync(SAMPLE)], 'conversion-report-sample.csv'));
    expect(result.status).toBe('valid');
    if (result.status !== 'valid') return;
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.uniqueDates.length).toBeGreaterThan(0);
  });
});
