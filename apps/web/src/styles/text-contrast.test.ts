import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import colors from 'tailwindcss/colors';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.1 AA asks for a contrast of at least 4.5:1 between text and its background (1.4.3). The app styles text
 * with Tailwind colour classes only, so this test reads every class string of the source and checks each text
 * colour against the background class of the same string, or white (the cards and the page) when it has none.
 * Text meant for dark backgrounds set by a parent (white and the 50-200 shades) is left out when the string sets
 * no background, and so are `disabled:` styles (WCAG exempts inactive controls).
 */

const MIN_CONTRAST = 4.5;
const SOURCE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

type Palette = Record<string, string | Record<string, string>>;
const palette = colors as unknown as Palette;

/** Linear sRGB channels (0-1) of a Tailwind colour: `#fff`-style hex or `oklch(L% C h)`. */
function linearRgb(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? hex[1].replace(/./g, (digit) => digit + digit) : hex[1];
    const channel = (index: number) => {
      const encoded = parseInt(digits.slice(index, index + 2), 16) / 255;
      return encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4;
    };
    return [channel(0), channel(2), channel(4)];
  }
  const oklch = /^oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)$/.exec(value);
  if (!oklch) throw new Error(`Unreadable colour ${value}`);
  const lightness = Number(oklch[1]) / 100;
  const chroma = Number(oklch[2]);
  const hue = (Number(oklch[3]) * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  // OKLab to linear sRGB (Björn Ottosson's published matrices).
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (channel: number) => Math.min(1, Math.max(0, channel));
  return [
    clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

function luminance(value: string): number {
  const [r, g, b] = linearRgb(value);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour of `white`, `black` or `slate-500`; undefined for what is not a palette colour (text-sm, text-left). */
function colourOf(name: string): string | undefined {
  const [hue, shade] = name.split('-');
  const entry = hue === undefined ? undefined : palette[hue];
  if (typeof entry === 'string') return shade === undefined ? entry : undefined;
  return entry && shade !== undefined ? entry[shade] : undefined;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface TextColour {
  file: string;
  text: string;
  background: string;
  ratio: number;
}

/** Every text colour of every class string, with the background it is read against. */
function textColours(): TextColour[] {
  const found: TextColour[] = [];
  for (const path of sourceFiles(SOURCE_ROOT)) {
    const file = relative(SOURCE_ROOT, path);
    for (const [literal] of readFileSync(path, 'utf8').matchAll(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g)) {
      const tokens = literal.split(/[^\w:\-/.]+/);
      const backgroundName = tokens
        .map((token) => /^bg-([a-z]+(?:-\d{2,3})?)$/.exec(token)?.[1])
        .find((name) => name !== undefined && colourOf(name) !== undefined);
      const background = (backgroundName && colourOf(backgroundName)) ?? colourOf('white');
      for (const token of tokens) {
        const match = /^((?:[a-z-]+:)*)text-([a-z]+(?:-\d{2,3})?)$/.exec(token);
        const name = match?.[2];
        const colour = name === undefined ? undefined : colourOf(name);
        if (!match || !name || !colour || !background) continue;
        if ((match[1] ?? '').includes('disabled:')) continue;
        const isForDarkParent = /^(white|[a-z]+-(50|100|200))$/.test(name);
        if (isForDarkParent && backgroundName === undefined) continue;
        found.push({ file, text: token, background: backgroundName ?? 'white', ratio: contrast(colour, background) });
      }
    }
  }
  return found;
}

describe('text contrast', () => {
  it('computes the WCAG ratio from the palette (sanity check)', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast(colourOf('slate-400') ?? '', '#fff')).toBeLessThan(3);
    expect(contrast(colourOf('slate-600') ?? '', '#fff')).toBeGreaterThan(7);
  });

  it(`keeps every text colour at ${MIN_CONTRAST}:1 or more against its background`, () => {
    const colours = textColours();
    expect(colours.length).toBeGreaterThan(100);
    const failing = colours
      .filter(({ ratio }) => ratio < MIN_CONTRAST)
      .map(({ file, text, background, ratio }) => `${file}: ${text} on ${background} is ${ratio.toFixed(2)}:1`);
    expect(failing).toEqual([]);
  });
});
