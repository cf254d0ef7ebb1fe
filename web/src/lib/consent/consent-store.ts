/**
 * Cookie consent as the spec stores it: the choice (accepted, rejected or customized) and the preferences,
 * each in its own local storage entry. Components read it through `useConsent`; analytics asks `hasConsent`.
 */
export type ConsentChoice = 'accepted' | 'rejected' | 'customized';

export interface CookiePreferences {
  readonly necessary: true;
  readonly analytics: boolean;
  readonly marketing: boolean;
  readonly functional: boolean;
}

export interface ConsentState {
  readonly choice: ConsentChoice | null;
  readonly preferences: CookiePreferences;
}

export const CHOICE_KEY = 'cookie-consent';
export const PREFERENCES_KEY = 'cookie-preferences';

export const NOTHING_OPTIONAL: CookiePreferences = {
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
};
export const EVERYTHING: CookiePreferences = {
  necessary: true,
  analytics: true,
  marketing: true,
  functional: true,
};

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const isChoice = (value: string | null): value is ConsentChoice =>
  value === 'accepted' || value === 'rejected' || value === 'customized';

/** Reads what is stored; anything unreadable counts as "no choice yet" so the banner asks again. */
export const readConsent = (storage: KeyValueStorage): ConsentState => {
  const choice = storage.getItem(CHOICE_KEY);
  if (!isChoice(choice)) return { choice: null, preferences: NOTHING_OPTIONAL };
  try {
    const raw = JSON.parse(storage.getItem(PREFERENCES_KEY) ?? 'null') as Partial<CookiePreferences> | null;
    if (raw === null) throw new Error('missing preferences');
    return {
      choice,
      preferences: {
        necessary: true,
        analytics: raw.analytics === true,
        marketing: raw.marketing === true,
        functional: raw.functional === true,
      },
    };
  } catch {
    return { choice: null, preferences: NOTHING_OPTIONAL };
  }
};

export const writeConsent = (
  storage: KeyValueStorage,
  choice: ConsentChoice,
  preferences: CookiePreferences,
) => {
  storage.setItem(PREFERENCES_KEY, JSON.stringify({ ...preferences, necessary: true }));
  storage.setItem(CHOICE_KEY, choice);
};

/** The three ways a visitor answers the banner. */
export const acceptAll = (): [ConsentChoice, CookiePreferences] => ['accepted', EVERYTHING];
export const declineAll = (): [ConsentChoice, CookiePreferences] => ['rejected', NOTHING_OPTIONAL];
export const customize = (
  preferences: Omit<CookiePreferences, 'necessary'>,
): [ConsentChoice, CookiePreferences] => ['customized', { ...preferences, necessary: true }];
