import { DEFAULT_AI_BRAND_HOSTS, DEFAULT_SECOND_BRAND_HOSTS } from '@publisher/contract';
import { describe, expect, it } from 'vitest';
import { isAIBrandHost, isSecondBrandHost } from '../lib/brand';
import { env } from './env';

describe('env brand hosts', () => {
  it("default to the contract's lists, the ones the API defaults to", () => {
    expect(env.aiBrandHosts).toEqual(DEFAULT_AI_BRAND_HOSTS);
    expect(env.secondBrandHosts).toEqual(DEFAULT_SECOND_BRAND_HOSTS);
    expect(isSecondBrandHost('brand2.localhost')).toBe(true);
    expect(isAIBrandHost('ai.localhost')).toBe(true);
    expect(isSecondBrandHost('localhost')).toBe(false);
  });
});
