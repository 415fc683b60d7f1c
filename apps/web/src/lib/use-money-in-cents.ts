import { useCallback, useSyncExternalStore } from 'react';
import { PREFERENCE_KEYS, storage } from './session-storage';

/** Where the report tables' choice of cents is kept, so it holds across screens and visits. */
export const MONEY_IN_CENTS_KEY = PREFERENCE_KEYS.moneyInCents;
/** Tells the other switches and tables of this tab (the `storage` event only reaches other tabs). */
const CHANGE_EVENT = 'report-money-in-cents';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const readInCents = () => storage()?.getItem(MONEY_IN_CENTS_KEY) === 'true';

/**
 * Whether report tables show money in cents rather than the spec's 6 or 7 decimals (part 1 §9), and the setter of
 * the one switch that chooses it. The choice is remembered in localStorage; every table on screen follows at once.
 */
export function useMoneyInCents(): [boolean, (inCents: boolean) => void] {
  const inCents = useSyncExternalStore(subscribe, readInCents, () => false);
  const setInCents = useCallback((next: boolean) => {
    storage()?.setItem(MONEY_IN_CENTS_KEY, String(next));
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [inCents, setInCents];
}
