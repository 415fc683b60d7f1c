import { describe, expect, it } from 'vitest';
import { compareText, flatString, searchNeedle, textMatcher } from './text';

describe('compareText', () => {
  it('orders by code unit, locale-free, and is 0 only for equal strings', () => {
    expect(compareText('a', 'b')).toBe(-1);
    expect(compareText('b', 'a')).toBe(1);
    expect(compareText('same', 'same')).toBe(0);
    expect(compareText('Z', 'a')).toBe(-1);
    expect(compareText('ab', 'a')).toBe(1);
    expect(['b', 'C', 'a', 'B'].sort(compareText)).toEqual(['B', 'C', 'a', 'b']);
  });
});

describe('searchNeedle', () => {
  it('trims and lower-cases, with an empty needle for a missing text', () => {
    expect(searchNeedle('  Nautica Shirt ')).toBe('nautica shirt');
    expect(searchNeedle(undefined)).toBe('');
    expect(searchNeedle(' \t')).toBe('');
  });
});

describe('textMatcher', () => {
  it('matches everything for a missing or blank text', () => {
    expect(textMatcher(undefined)('anything')).toBe(true);
    expect(textMatcher('   ')('')).toBe(true);
  });

  it('trims and lower-cases the text and finds it as a plain substring', () => {
    const matches = textMatcher('  Sam ');
    expect(matches("sam's club")).toBe(true);
    expect(matches('nautica')).toBe(false);
  });

  it('never reads the text as a pattern', () => {
    expect(textMatcher('a.c')('abc')).toBe(false);
    expect(textMatcher('a.c')('xa.cx')).toBe(true);
    expect(textMatcher('(*')('x(*y')).toBe(true);
  });
});

describe('flatString', () => {
  it('returns an equal string, whatever its characters', () => {
    for (const text of [
      '',
      'a',
      `${'pro'.repeat(20)}\u0000${'x'.repeat(30)}`,
      'é ü 中文 😀 \u2028',
      'https://x.test/a?b=c&d=%20',
    ]) {
      expect(flatString(`${text}${text}`)).toBe(text + text);
    }
  });
});
