import { describe, expect, it } from 'vitest';
import { isAIBrandHost } from './brand';

describe('isAIBrandHost', () => {
  it('matches a brand host and its sub-domains, nothing else', () => {
    const hosts = ['ai.localhost', 'publisher-ai.test'];
    expect(isAIBrandHost('ai.localhost', hosts)).toBe(true);
    expect(isAIBrandHost('Shop.Publisher-AI.test', hosts)).toBe(true);
    expect(isAIBrandHost('localhost', hosts)).toBe(false);
    expect(isAIBrandHost('notai.localhost', hosts)).toBe(false);
  });
});
