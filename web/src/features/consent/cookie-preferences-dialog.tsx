import { useEffect, useId, useRef, useState } from 'react';
import { saveConsent } from '../../lib/consent/consent';
import { acceptAll, customize, type CookiePreferences } from '../../lib/consent/consent-store';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/input';

type Optional = 'analytics' | 'marketing' | 'functional';

const CATEGORIES: { key: Optional; title: string; description: string }[] = [
  {
    key: 'analytics',
    title: 'Analytics',
    description: 'Count page views and button clicks so we can see which pages help visitors.',
  },
  {
    key: 'marketing',
    title: 'Marketing',
    description:
      'Measure whether our announcements reach people. Not used unless configured by the operator.',
  },
  {
    key: 'functional',
    title: 'Functional',
    description: 'Remember conveniences such as your preferred language.',
  },
];

/** The preferences dialog: necessary cookies always on, the three optional categories as switches. */
export function CookiePreferencesDialog({
  initial,
  onClose,
}: {
  initial: CookiePreferences;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [choices, setChoices] = useState<Record<Optional, boolean>>({
    analytics: initial.analytics,
    marketing: initial.marketing,
    functional: initial.functional,
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const save = (answer: Parameters<typeof saveConsent>[0]) => {
    saveConsent(answer);
    onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <form
        method="dialog"
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          save(customize(choices));
        }}
      >
        <h2 id={titleId} className="text-xl font-semibold">
          Cookie preferences
        </h2>
        <p className="text-sm text-slate-600">
          Choose which cookies Scrivo may use. You can change this at any time from the Cookie Policy page.
        </p>
        <ul className="flex flex-col gap-3">
          <li className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
            <div>
              <p className="font-medium">Necessary</p>
              <p className="text-sm text-slate-600">
                Sign-in, security and remembering this choice. Always on.
              </p>
            </div>
            <Checkbox checked disabled aria-label="Necessary (always on)" className="mt-1 h-5 w-5" />
          </li>
          {CATEGORIES.map((category) => (
            <li
              key={category.key}
              className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3"
            >
              <label htmlFor={`cookie-${category.key}`}>
                <span className="block font-medium">{category.title}</span>
                <span className="block text-sm text-slate-600">{category.description}</span>
              </label>
              <Checkbox
                id={`cookie-${category.key}`}
                checked={choices[category.key]}
                onChange={(event) => setChoices({ ...choices, [category.key]: event.target.checked })}
                className="mt-1 h-5 w-5 accent-brand-600"
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="unstyled"
            onClick={() => ref.current?.close()}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </Button>
          <Button
            variant="unstyled"
            type="submit"
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
          >
            Save preferences
          </Button>
          <Button
            variant="unstyled"
            onClick={() => save(acceptAll())}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Accept All
          </Button>
        </div>
      </form>
    </dialog>
  );
}
