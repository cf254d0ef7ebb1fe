import { useEffect, useState } from 'react';
import { OPEN_PREFERENCES_EVENT, saveConsent, takeOpenRequest, useConsent } from '../../lib/consent/consent';
import { acceptAll, declineAll } from '../../lib/consent/consent-store';
import { CookiePreferencesDialog } from './cookie-preferences-dialog';
import { Button } from '../../components/ui/button';

const BANNER_DELAY_MS = 1000;

/** The bottom banner, shown one second after load when no choice is stored (spec section 2). */
export function CookieBanner({ delayMs = BANNER_DELAY_MS }: { delayMs?: number }) {
  const { choice, preferences } = useConsent();
  const [due, setDue] = useState(false);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  useEffect(() => {
    const open = () => {
      takeOpenRequest();
      setEditing(true);
    };
    if (takeOpenRequest()) setEditing(true);
    window.addEventListener(OPEN_PREFERENCES_EVENT, open);
    return () => window.removeEventListener(OPEN_PREFERENCES_EVENT, open);
  }, []);

  return (
    <>
      {due && choice === null && !editing && (
        <section
          aria-label="Cookie consent"
          className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/95 p-4 shadow-2xl backdrop-blur"
        >
          <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">
              We use cookies to enhance your experience.{' '}
              <a href="/cookies" className="font-medium text-brand-700 underline">
                Learn more
              </a>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="unstyled"
                onClick={() => setEditing(true)}
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 underline hover:bg-slate-100"
              >
                Preferences
              </Button>
              <Button
                variant="unstyled"
                onClick={() => saveConsent(declineAll())}
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
              >
                Decline
              </Button>
              <Button
                variant="unstyled"
                onClick={() => saveConsent(acceptAll())}
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                Accept All
              </Button>
            </div>
          </div>
        </section>
      )}
      {editing && <CookiePreferencesDialog initial={preferences} onClose={() => setEditing(false)} />}
    </>
  );
}
