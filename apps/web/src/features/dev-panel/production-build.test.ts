import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const WEB_ROOT = resolve(import.meta.dirname, '../../..');

/** Text that only the dev panel and the control API client hold. */
const DEV_ONLY_MARKERS = ['Scenario controls', 'devPanel.prefer', 'dev-panel-root', '/__control'];

type Output = Rolldown.RolldownOutput['output'][number];
type Chunk = Extract<Output, { type: 'chunk' }>;

/**
 * The chunks of a production build, built in memory (write: false) with the app's own vite.config.ts, as
 * `vite build` does, with MOCK_CONTROLS as given (undefined: unset). Vite derives import.meta.env.DEV from
 * NODE_ENV, which vitest sets to "test": it is set as a production build has it.
 */
async function productionChunks(mockControls: string | undefined): Promise<Chunk[]> {
  const saved = { nodeEnv: process.env['NODE_ENV'], mockControls: process.env['MOCK_CONTROLS'] };
  process.env['NODE_ENV'] = 'production';
  if (mockControls === undefined) delete process.env['MOCK_CONTROLS'];
  else process.env['MOCK_CONTROLS'] = mockControls;
  const result = await build({
    root: WEB_ROOT,
    mode: 'production',
    logLevel: 'silent',
    build: { write: false, sourcemap: false },
  }).finally(() => {
    process.env['NODE_ENV'] = saved.nodeEnv;
    if (saved.mockControls === undefined) delete process.env['MOCK_CONTROLS'];
    else process.env['MOCK_CONTROLS'] = saved.mockControls;
  });
  const outputs: Output[] = (Array.isArray(result) ? result : [result]).flatMap((entry) =>
    'output' in entry ? entry.output : [],
  );
  return outputs.filter((output): output is Chunk => output.type === 'chunk');
}

const devPanelModules = (chunks: Chunk[]): string[] =>
  chunks.flatMap((chunk) => Object.keys(chunk.modules)).filter((id) => id.includes('/features/dev-panel/'));

describe('production build', () => {
  it('ships none of the dev panel', { timeout: 240_000 }, async () => {
    const chunks = await productionChunks(undefined);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.map((chunk) => chunk.fileName).filter((name) => /dev-panel|control-api/i.test(name))).toEqual([]);
    const moduleIds = chunks.flatMap((chunk) => Object.keys(chunk.modules));
    expect(moduleIds.some((id) => id.includes('/src/main.tsx'))).toBe(true);
    expect(devPanelModules(chunks)).toEqual([]);
    for (const chunk of chunks) {
      for (const marker of DEV_ONLY_MARKERS) {
        const at = chunk.code.indexOf(marker);
        expect(at, `${chunk.fileName}: ${marker} ${chunk.code.slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
      }
    }
  });

  it(
    'ships the dev panel, in a chunk of its own, when MOCK_CONTROLS=true (the deployable mock)',
    {
      timeout: 240_000,
    },
    async () => {
      const chunks = await productionChunks('true');
      expect(devPanelModules(chunks).some((id) => id.endsWith('mount-dev-panel.tsx'))).toBe(true);
      const entry = chunks.find((chunk) => chunk.isEntry);
      expect(entry && Object.keys(entry.modules).some((id) => id.includes('/features/dev-panel/'))).toBe(false);
    },
  );
});
