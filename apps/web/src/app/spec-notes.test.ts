import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredPaths } from './routes';

/** docs/SPEC-NOTES.md: every deliberate departure from the spec, each opened by a machine-readable marker. */
// Vitest runs from apps/web or from the repository's root, as it is started.
const notesPath = [
  resolve(process.cwd(), '../../docs/SPEC-NOTES.md'),
  resolve(process.cwd(), 'docs/SPEC-NOTES.md'),
].find((path) => existsSync(path));
const notes = readFileSync(notesPath ?? 'docs/SPEC-NOTES.md', 'utf8');
const MARKER = /<!-- spec-note id="([a-z0-9-]+)" screens="([^"]*)" -->/g;

interface Note {
  id: string;
  screens: string[];
  text: string;
}

function parseNotes(markdown: string): Note[] {
  const markers = [...markdown.matchAll(MARKER)];
  return markers.map((marker, index) => {
    const end = markers[index + 1]?.index ?? markdown.length;
    return {
      id: marker[1] ?? '',
      screens: (marker[2] ?? '').split(/\s+/).filter((path) => path !== ''),
      text: markdown.slice(marker.index, end),
    };
  });
}

describe('docs/SPEC-NOTES.md', () => {
  const parsed = parseNotes(notes);

  it('holds notes, each with a unique id', () => {
    expect(parsed.length).toBeGreaterThanOrEqual(15);
    expect(new Set(parsed.map((note) => note.id)).size).toBe(parsed.length);
  });

  it.each(parsed.map((note) => [note.id, note] as const))(
    '%s: names only screens the web app has, and gives the spec, the portal and why',
    (_, note) => {
      for (const screen of note.screens) expect(registeredPaths.has(screen), screen).toBe(true);
      expect(note.text).toMatch(/\*\*Spec:\*\*/);
      expect(note.text).toMatch(/\*\*Portal:\*\*/);
      expect(note.text).toMatch(/\*\*Why:\*\*/);
    },
  );

  it('counts every marker it parses (a misspelt marker would hide its note)', () => {
    expect(notes.match(/^<!-- spec-note/gm)?.length).toBe(parsed.length);
  });
});
