import { describe, expect, it } from 'vitest';
import { deviceOf } from './device';
import { absoluteUrlOf, hostKeyOf } from './merchant-index';

describe('deviceOf', () => {
  it.each([
    [undefined, 'unknown'],
    ['', 'unknown'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'tablet'],
  ])('%j -> %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});

describe('merchant hosts', () => {
  it.each([
    ['https://www.Nautica.com/sale?x=1', 'nautica.com'],
    ['http://nautica.com', 'nautica.com'],
    ['nautica.com', 'nautica.com'],
    ['www.shop.example.co.uk/a', 'shop.example.co.uk'],
    ['https://', undefined],
  ])('hostKeyOf(%j) = %j', (url, host) => {
    expect(hostKeyOf(url)).toBe(host);
  });

  it('makes a bare domain absolute and keeps an absolute URL as it is', () => {
    expect(absoluteUrlOf('nautica.com')).toBe('https://nautica.com');
    expect(absoluteUrlOf('HTTP://nautica.com/a')).toBe('HTTP://nautica.com/a');
  });
});
