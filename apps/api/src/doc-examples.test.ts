import { spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess } from './testing/api-process';

/**
 * Issue 39, goal 4: the shell examples of README.md and docs/*.md that call the API on port 3333 run against the
 * API started as `npm start` starts it (development, the mock mode, a seeded database), each answering what its
 * text says. A line's trailing comment is its claim: a leading status (`# 401 ...`, `# 400: ...`) is the status it
 * answers; a JSON object in it (`# {"data":[],"totalCount":0}`) is a part of the answer; `Location: <url>` is a
 * header the output shows. A line with no such claim answers a 2xx. The lines of one file run in one shell, in
 * order, so a `TOKEN=$(curl ...)` serves the lines after it.
 */

const ROOT = join(process.cwd(), '..', '..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const API_PORT = /(?:localhost|127\.0\.0\.1):3333/g;
/** Lines left out, each with the reason: what they do is tested elsewhere, and here would take minutes. */
const LEFT_OUT: readonly { text: string; why: string }[] = [
  { text: '"profile":"large"', why: 'seeds the large profile (minutes); control-state tests switch profiles' },
];

interface Example {
  file: string;
  line: number;
  command: string;
  claim: string;
}

/** The shell lines of a Markdown file's code blocks (continued lines joined) that call the API or set a variable. */
function examplesOf(file: string): Example[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const found: Example[] = [];
  let inBlock = false;
  let inShell = false;
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index] ?? '';
    if (text.startsWith('```')) {
      inBlock = !inBlock;
      inShell = inBlock && /^```(bash|sh|shell)?\s*$/.test(text);
      continue;
    }
    if (!inShell) continue;
    let command = text;
    const line = index + 1;
    while (command.endsWith('\\') && index + 1 < lines.length) {
      index += 1;
      command = `${command.slice(0, -1)} ${(lines[index] ?? '').trim()}`;
    }
    const callsApi = /\bcurl\b/.test(command) && (/\$API\b/.test(command) || API_PORT.test(command));
    API_PORT.lastIndex = 0;
    if (!callsApi && !/^API=/.test(command)) continue;
    if (LEFT_OUT.some((left) => command.includes(left.text))) continue;
    const hash = command.search(/\s#\s/);
    found.push({
      file,
      line,
      command: (hash === -1 ? command : command.slice(0, hash)).trim(),
      claim: hash === -1 ? '' : command.slice(hash + 3).trim(),
    });
  }
  return found;
}

/** A plain `curl` line prints its status after the body, to check it. */
const STATUS_MARK = '__status__';
function instrumented(command: string): string {
  return /^curl\s/.test(command) && !command.includes('|')
    ? `curl -w '\\n${STATUS_MARK}%{http_code}' ${command.slice(5)}`
    : command;
}

interface Outcome {
  output: string;
  exitCode: number;
  status: number | null;
  body: string;
}

/** Runs a file's examples in one bash, in order; each one's output and exit code. */
function run(examples: readonly Example[], url: string): Outcome[] {
  const script = examples
    .map((example, index) => {
      const command = instrumented(example.command.replace(API_PORT, url.replace(/^http:\/\//, '')));
      return `echo "__begin__${String(index)}"\n${command}\necho "\n__end__${String(index)} $?"`;
    })
    .join('\n');
  const result = spawnSync('bash', ['-c', `set -o pipefail\n${script}`], {
    env: { ...process.env, API: url, MOCK_CONTROL_TOKEN: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return examples.map((_example, index) => {
    const begin = result.stdout.indexOf(`__begin__${String(index)}\n`);
    const endMatch = new RegExp(`\\n__end__${String(index)} (\\d+)`).exec(result.stdout);
    const output =
      begin === -1 || !endMatch
        ? ''
        : result.stdout.slice(begin + `__begin__${String(index)}\n`.length, endMatch.index);
    const statusMatch = new RegExp(`\\n?${STATUS_MARK}(\\d{3})`).exec(output);
    return {
      output,
      exitCode: endMatch ? Number(endMatch[1]) : -1,
      status: statusMatch ? Number(statusMatch[1]) : null,
      body: statusMatch ? output.slice(0, statusMatch.index) : output,
    };
  });
}

/** The JSON object a claim quotes, if it quotes one whole. */
function quotedJson(claim: string): unknown {
  const start = claim.indexOf('{');
  if (start === -1) return undefined;
  try {
    return JSON.parse(claim.slice(start)) as unknown;
  } catch {
    return undefined;
  }
}

const byFile = DOCS.map((file) => [file, examplesOf(file)] as const).filter(([, examples]) => examples.length > 0);

describe('the shell examples of the docs answer what their text says', () => {
  // The API of this file's tests, started once for them all.
  let api: { child: ChildProcess; url: string };

  beforeAll(async () => {
    // As `npm start` runs the API: development (the mock mode), the demo accounts seeded (the small profile: quick).
    api = await startApiProcess({ SEED_ON_START: 'true', SEED_PROFILE: 'small', SEED_REPORT_DAYS: '7' });
  }, 180_000);

  afterAll(() => {
    api.child.kill('SIGTERM');
  });

  it('finds the examples of the controls, Prefer, snapshots and the journal', () => {
    const files = byFile.map(([file]) => file);
    expect(files).toEqual(expect.arrayContaining(['docs/CONTROLS.md', 'docs/CONTRACT.md', 'docs/DEPLOYMENT.md']));
    expect(byFile.flatMap(([, examples]) => examples).length).toBeGreaterThan(20);
  });

  it.each(byFile)('%s', (_file, examples) => {
    const outcomes = run(examples, api.url);
    const failures = examples.flatMap((example, index) => {
      const outcome = outcomes[index] as Outcome;
      const where = `${example.file}:${String(example.line)} ${example.command}`;
      const problems: string[] = [];
      if (outcome.exitCode !== 0) problems.push(`exit code ${String(outcome.exitCode)}`);
      const claimedStatus = /^(\d{3})\b/.exec(example.claim)?.[1];
      if (outcome.status !== null) {
        if (claimedStatus !== undefined && outcome.status !== Number(claimedStatus)) {
          problems.push(`answered ${String(outcome.status)}, the text says ${claimedStatus}`);
        }
        if (claimedStatus === undefined && (outcome.status < 200 || outcome.status > 299)) {
          problems.push(`answered ${String(outcome.status)}: ${outcome.body.slice(0, 200)}`);
        }
      }
      const json = quotedJson(example.claim);
      if (json !== undefined) {
        let answer: unknown;
        try {
          answer = JSON.parse(outcome.body) as unknown;
        } catch {
          answer = outcome.body;
        }
        if (!matches(answer, json))
          problems.push(`answered ${outcome.body.slice(0, 200)}, the text says ${JSON.stringify(json)}`);
      }
      const location = /Location: (\S+)/i.exec(example.claim)?.[1];
      if (location !== undefined && !outcome.output.toLowerCase().includes(`location: ${location.toLowerCase()}`)) {
        problems.push(`printed ${outcome.output.trim().slice(0, 200)}, the text says Location: ${location}`);
      }
      return problems.map((problem) => `${where}\n    ${problem}`);
    });
    expect(failures).toEqual([]);
  });
});

/** `answer` holds every field of `claimed` with the same value (objects compared field by field, deeply). */
function matches(answer: unknown, claimed: unknown): boolean {
  if (typeof claimed !== 'object' || claimed === null) return Object.is(answer, claimed);
  if (Array.isArray(claimed)) {
    return (
      Array.isArray(answer) && answer.length === claimed.length && claimed.every((item, i) => matches(answer[i], item))
    );
  }
  if (typeof answer !== 'object' || answer === null) return false;
  return Object.entries(claimed).every(([key, value]) => matches((answer as Record<string, unknown>)[key], value));
}
