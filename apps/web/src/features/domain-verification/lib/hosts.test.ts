import { describe, expect, it } from 'vitest';
import { homeUrlFor, isLocalHost } from './hosts';

describe('isLocalHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['LOCALHOST', true],
    ['acme.localhost', false],
    ['portal.example.com', false],
  ])('%s -> %s', (host, expected) => {
    expect(isLocalHost(host)).toBe(expected);
  });
});

describe('homeUrlFor', () => {
  it.each([
    [{ protocol: 'http:', hostname: 'unknown.localhost', port: '4200' }, 'http://localhost:4200/'],
    [{ protocol: 'https:', hostname: 'x.portal.example.com', port: '' }, 'https://portal.example.com/'],
    [{ protocol: 'https:', hostname: 'unknown.com', port: '' }, '/'],
  ])('%j -> %s', (location, expected) => {
    expect(homeUrlFor(location)).toBe(expected);
  });
});
