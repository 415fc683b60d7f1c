/** What the embedded FerretDB reports after moving a session's database file aside (tools/db quarantine.ts). */
export const QUARANTINED_SESSION_FILE = {
  kind: 'database-file-quarantined' as const,
  reason:
    'Session database t_x__s_w1 could not be opened (the file is not an SQLite database (its header is wrong)); moved to /data/ferretdb/quarantine/t_x__s_w1.sqlite.2026-11-29T09-00-00Z.',
  whatToDo: 'Nothing: the session starts again from its seed on its next call.',
  at: '2026-11-29T09:00:00.000Z',
};
