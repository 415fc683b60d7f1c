import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const WEB_ROOT = resolve(import.meta.dirname, '../../..');

/** Text that only the dev panel and the control API client hold. */
const DEV_ONLY_MARKERS = ['Scenario controls', 'devPanel.prefer', 'dev-panel-root', '/__control'];

type Output = Rolldown.RolldownOutput['output'][number];

describe('production build', () => {
  it('ships none of the dev panel', { timeout: 240_000 }, async () => {
    // Built in memory (write: false) with the app's own vite.config.ts, as `vite build` does. Vite derives
    // import.meta.env.DEV from NODE_ENV, which vitest sets to "test": set it as a production build has it.
    const nodeEnv = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    const result = await build({
      root: WEB_ROOT,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false, sourcemap: false },
    }).finally(() => {
      process.env['NODE_ENV'] = nodeEnv;
    });
    const outputs: Output[] = (Array.isArray(result) ? result : [result]).flatMap((entry) =>
      'output' in entry ? entry.output : [],
    );
    const chunks = outputs.filter((output) => output.type === 'chunk');
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.map((chunk) => chunk.fileName).filter((name) => /dev-panel|control-api/i.test(name))).toEqual([]);
    const moduleIds = chunks.flatMap((chunk) => Object.keys(chunk.modules));
    expect(moduleIds.some((id) => id.includes('/src/main.tsx'))).toBe(true);
    expect(moduleIds.filter((id) => id.includes('/features/dev-panel/'))).toEqual([]);
    for (const chunk of chunks) {
      for (const marker of DEV_ONLY_MARKERS) {
        const at = chunk.code.indexOf(marker);
        expect(at, `${chunk.fileName}: ${marker} ${chunk.code.slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
      }
    }
  });
});
