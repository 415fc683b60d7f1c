import { describe, expect, it } from 'vitest';
import { isAIBrandHost, isSecondBrandHost } from './brand';

describe('isAIBrandHost', () => {
  it('matches a brand host and its sub-domains, nothing else', () => {
    const hosts = ['ai.localhost', 'publisher-ai.test'];
    expect(isAIBrandHost('ai.localhost', hosts)).toBe(true);
    expect(isAIBrandHost('Shop.Publisher-AI.test', hosts)).toBe(true);
    expect(isAIBrandHost('localhost', hosts)).toBe(false);
    expect(isAIBrandHost('notai.localhost', hosts)).toBe(false);
  });
});

describe('isSecondBrandHost', () => {
  it('matches the configured hosts and their sub-domains only', () => {
    const hosts = ['brand2.localhost'];
    expect(isSecondBrandHost('brand2.localhost', hosts)).toBe(true);
    expect(isSecondBrandHost('shop.Brand2.localhost', hosts)).toBe(true);
    expect(isSecondBrandHost('localhost', hosts)).toBe(false);
    expect(isSecondBrandHost('brand2.localhost', [])).toBe(false);
  });
});
