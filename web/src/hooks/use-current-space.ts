import { useCallback, useSyncExternalStore } from 'react';

/**
 * The space the signed-in pages work in: null for the personal space, else a workspace id. The header's switcher
 * sets it and the library reads it (issue 43 item 6); kept in localStorage so a reload or a new tab stays in the
 * same space, and shared through one store so every component that reads it changes together.
 */
const KEY = 'scrivo.space';
const listeners = new Set<() => void>();

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a privacy mode): the space lasts as long as the page.
    return null;
  }
};

let fallback: string | null = null;
const read = (): string | null => storage()?.getItem(KEY) ?? fallback;

const write = (space: string | null) => {
  fallback = space;
  const store = storage();
  if (space === null) store?.removeItem(KEY);
  else store?.setItem(KEY, space);
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab's choice reaches this one too.
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
};

export const useCurrentSpace = (): [string | null, (space: string | null) => void] => {
  const space = useSyncExternalStore(subscribe, read, () => null);
  return [space, useCallback(write, [])];
};
