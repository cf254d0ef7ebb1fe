import { InfoPage } from './info-page';
import { cookies } from './legal';
import { openCookiePreferences, useConsent } from '../../../lib/consent/consent';
import { Button } from '../../../components/ui/button';

const CHOICE_LABEL = {
  accepted: 'All cookies accepted',
  rejected: 'Only necessary cookies',
  customized: 'Custom choice',
} as const;

/** /cookies and /cookie-policy: the policy, the visitor's current choice and a button to change it. */
export function CookiePolicyPage() {
  const { choice } = useConsent();
  return (
    <InfoPage content={cookies}>
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-4 px-4 pt-10 sm:px-6">
        <p className="text-slate-700" role="status">
          Your current choice: <strong>{choice ? CHOICE_LABEL[choice] : 'not chosen yet'}</strong>
        </p>
        <Button
          variant="unstyled"
          onClick={openCookiePreferences}
          className="rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Change cookie preferences
        </Button>
      </div>
    </InfoPage>
  );
}
