import { describe, expect, it } from 'vitest';
import { createBackgroundFailures, MAX_BACKGROUND_FAILURES } from './background-failures';
import { QUARANTINED_SESSION_FILE as quarantined } from './testing/failure-fixtures';

describe('background failures', () => {
  it('counts a repeat of one kind and reason on its entry, keeps the latest 50, and lists the database incidents', () => {
    const lines: string[] = [];
    const failures = createBackgroundFailures({ database: () => [quarantined], log: (line) => lines.push(line) });
    const restart = { kind: 'database-restarted' as const, reason: 'FerretDB exited (code 2)', whatToDo: 'Nothing.' };
    failures.report({ ...restart, at: new Date('2026-11-29T10:00:00Z') });
    failures.report({ ...restart, at: new Date('2026-11-29T10:01:00Z') });
    expect(failures.list()).toEqual([
      { ...quarantined, count: 1 },
      { ...restart, at: '2026-11-29T10:01:00.000Z', count: 2 },
    ]);
    expect(lines[0]).toBe('[failure] database-restarted: FerretDB exited (code 2) Nothing.');
    for (let n = 0; n < 60; n += 1)
      failures.report({ kind: 'seed-failed', reason: `spare ${String(n)}`, whatToDo: '-' });
    const listed = failures.list();
    expect(listed).toHaveLength(MAX_BACKGROUND_FAILURES);
    expect(listed.at(-1)?.reason).toBe('spare 59');
  });
});
