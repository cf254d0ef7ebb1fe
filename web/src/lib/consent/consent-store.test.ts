import { describe, expect, it } from 'vitest';
import {
  CHOICE_KEY,
  PREFERENCES_KEY,
  acceptAll,
  customize,
  declineAll,
  readConsent,
  writeConsent,
} from './consent-store';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('cookie consent storage', () => {
  it('has no choice and nothing optional before the visitor answers', () => {
    expect(readConsent(memoryStorage())).toEqual({
      choice: null,
      preferences: { necessary: true, analytics: false, marketing: false, functional: false },
    });
  });

  it('stores Accept All as "accepted" with every category on, each in its own entry', () => {
    const storage = memoryStorage();
    writeConsent(storage, ...acceptAll());
    expect(storage.items.get(CHOICE_KEY)).toBe('accepted');
    expect(JSON.parse(storage.items.get(PREFERENCES_KEY)!)).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      functional: true,
    });
  });

  it('stores Decline as "rejected" with only the necessary cookies', () => {
    const storage = memoryStorage();
    writeConsent(storage, ...declineAll());
    expect(readConsent(storage)).toEqual({
      choice: 'rejected',
      preferences: { necessary: true, analytics: false, marketing: false, functional: false },
    });
  });

  it('stores a custom choice as "customized" and never lets necessary be switched off', () => {
    const storage = memoryStorage();
    writeConsent(storage, ...customize({ analytics: true, marketing: false, functional: true }));
    storage.setItem(PREFERENCES_KEY, JSON.stringify({ necessary: false, analytics: true, functional: true }));
    expect(readConsent(storage)).toEqual({
      choice: 'customized',
      preferences: { necessary: true, analytics: true, marketing: false, functional: true },
    });
  });

  it('asks again when what is stored cannot be read', () => {
    const storage = memoryStorage();
    storage.setItem(CHOICE_KEY, 'accepted');
    storage.setItem(PREFERENCES_KEY, '{not json');
    expect(readConsent(storage).choice).toBeNull();
    storage.setItem(CHOICE_KEY, 'maybe');
    expect(readConsent(storage).choice).toBeNull();
  });
});
