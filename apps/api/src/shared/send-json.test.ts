import { describe, expect, it } from 'vitest';
import { deepFreeze, listJson } from './frozen-rows';
import { isRevalidated, jsonBytes } from './send-json';

describe('jsonBytes', () => {
  it("gives a serialised list's own bytes, the JSON of anything else, and nothing where JSON has no text", () => {
    const serialised = listJson({ data: [deepFreeze({ id: 1, name: 'é' })], total: 1 });
    expect(serialised).toBeDefined();
    expect(jsonBytes(serialised)).toBe(serialised?.bytes);
    expect(jsonBytes({ total: 2, name: 'ü' })?.toString('utf8')).toBe('{"total":2,"name":"ü"}');
    expect(jsonBytes(null)?.toString('utf8')).toBe('null');
    expect(jsonBytes(undefined)).toBeUndefined();
  });
});

describe('isRevalidated', () => {
  it('holds for GET and HEAD only', () => {
    expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map(isRevalidated)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
