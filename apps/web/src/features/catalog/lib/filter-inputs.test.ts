import { describe, expect, it } from 'vitest';
import {
  categoryIdsParam,
  optionalParam,
  sanitizeCategoryIds,
  sanitizeClickId,
  sanitizePlacementId,
  sanitizePrice,
} from './filter-inputs';

describe('sanitizePrice', () => {
  it('keeps digits only, or nothing', () => {
    expect(sanitizePrice('12a3')).toBe('123');
    expect(sanitizePrice('-5.50')).toBe('550');
    expect(sanitizePrice('$ 1,000')).toBe('1000');
    expect(sanitizePrice('abc')).toBe('');
    expect(sanitizePrice('')).toBe('');
  });

  it('stops at 9 digits', () => {
    expect(sanitizePrice('12345678901')).toBe('123456789');
  });
});

describe('id fields', () => {
  it('placement id keeps letters, digits, hyphen and braces', () => {
    expect(sanitizePlacementId('home_page 1{x}-ü')).toBe('homepage1{x}-');
  });

  it('click id also keeps underscores', () => {
    expect(sanitizeClickId('click_1 2$')).toBe('click_12');
  });

  it('cuts ids at 50 characters', () => {
    expect(sanitizePlacementId('a'.repeat(60))).toHaveLength(50);
    expect(sanitizeClickId('b'.repeat(60))).toHaveLength(50);
  });
});

describe('category ids', () => {
  it('keeps digits and single commas', () => {
    expect(sanitizeCategoryIds('10000, 20100,,x30000')).toBe('10000,20100,30000');
    expect(sanitizeCategoryIds(',5')).toBe('5');
  });

  it('sends the ids without empty entries', () => {
    expect(categoryIdsParam('10000,20100,')).toBe('10000,20100');
    expect(categoryIdsParam('')).toBeUndefined();
  });
});

describe('optionalParam', () => {
  it('leaves empty fields out', () => {
    expect(optionalParam('  ')).toBeUndefined();
    expect(optionalParam(' a ')).toBe('a');
  });
});
