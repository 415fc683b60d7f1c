import { describe, expect, it } from 'vitest';
import { buildUser } from '@publisher/contract/testing';
import { clearStorage, PREFERENCE_KEYS, STORAGE_KEYS, writeSession } from './session-storage';
import { readSession, readUser } from './stored-session';

describe('session storage', () => {
  it('stores the token and the user under "token" and "user"', () => {
    const user = buildUser();
    writeSession({ token: 'abc', user });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    expect(readSession()).toEqual({ token: 'abc', user });
  });

  it('discards a stored user that does not match the contract', () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: 'nope' }));
    expect(readUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();

    window.localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readUser()).toBeNull();
  });

  it('clears all local storage on logout but the display preferences', () => {
    writeSession({ token: 'abc', user: buildUser() });
    window.localStorage.setItem('something-else', '1');
    window.localStorage.setItem(PREFERENCE_KEYS.moneyInCents, 'true');
    clearStorage();
    expect(window.localStorage.length).toBe(1);
    expect(window.localStorage.getItem(PREFERENCE_KEYS.moneyInCents)).toBe('true');
  });
});
