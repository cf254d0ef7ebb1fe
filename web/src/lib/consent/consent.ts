import { useSyncExternalStore } from 'react';
import {
  readConsent,
  writeConsent,
  type ConsentChoice,
  type ConsentState,
  type CookiePreferences,
} from './consent-store';

/** The browser-side consent state, shared by the banner and analytics, kept in step across tabs. */
const listeners = new Set<() => void>();
let current: ConsentState | undefined;

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: behave as if nothing was chosen, never crash the page
  }
};

export const getConsent = (): ConsentState => {
  if (!current) {
    const store = storage();
    current = store ? readConsent(store) : readConsent({ getItem: () => null, setItem: () => undefined });
  }
  return current;
};

export const saveConsent = ([choice, preferences]: [ConsentChoice, CookiePreferences]) => {
  const store = storage();
  if (store) writeConsent(store, choice, preferences);
  current = { choice, preferences };
  listeners.forEach((listener) => listener());
};

export const subscribeConsent = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => {
    current = undefined;
    listeners.forEach((listener) => listener());
  });
}

export const useConsent = (): ConsentState => useSyncExternalStore(subscribeConsent, getConsent, getConsent);

/** Lets any page (the cookie policy, the footer) reopen the preferences dialog. */
export const OPEN_PREFERENCES_EVENT = 'scrivo:open-cookie-preferences';
let openRequested = false;
export const openCookiePreferences = () => {
  // The banner's code loads lazily: a request made before it mounts is kept until it does.
  openRequested = true;
  window.dispatchEvent(new Event(OPEN_PREFERENCES_EVENT));
};
export const takeOpenRequest = (): boolean => {
  const requested = openRequested;
  openRequested = false;
  return requested;
};
