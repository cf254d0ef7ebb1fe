import type { User } from '@scrivo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { currentUserQueryKey, useCurrentUser } from '../../lib/api/current-user';
import { Field } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/errors';
import { useSignOut } from '../../hooks/use-sign-out';
import { accountApi } from './api/account';
import { PlanSection } from './plan-section';
import { SecuritySection } from './security-section';
import { DeleteAccountSection } from './delete-account-section';

const LANGUAGES = [
  { id: 'en', label: 'English' },
  { id: 'es', label: 'Español' },
  { id: 'fr', label: 'Français' },
] as const;

/**
 * /account: profile, email, sign-in methods, plan, API keys (Developer), sign-out.
 * The Developer section belongs to another feature, so the route hands it in.
 */
export function AccountPage({ developerSection }: { developerSection: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (!user) return <Spinner />;
  return <AccountDetails user={user} developerSection={developerSection} />;
}

function AccountDetails({ user, developerSection }: { user: User; developerSection: ReactNode }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { signOut, pending: signingOut } = useSignOut();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [language, setLanguage] = useState(user.language);
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string }>({});

  const save = useMutation({
    mutationFn: () => accountApi.update({ firstName: firstName.trim(), lastName: lastName.trim(), language }),
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryKey, updated);
      toast({ title: 'Saved', description: 'Your profile has been updated.', variant: 'neutral' });
    },
    onError: (error) =>
      toast({ title: 'Could not save', description: serverMessage(error, 'An error occurred') }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(firstName.trim().length < 2 ? { firstName: 'First name must be at least 2 characters' } : {}),
      ...(lastName.trim().length < 2 ? { lastName: 'Last name must be at least 2 characters' } : {}),
    };
    setErrors(found);
    if (!found.firstName && !found.lastName) save.mutate();
  };

  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Account</h1>

      <section aria-labelledby="profile-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="profile-heading" className="mb-4 text-lg font-semibold">
          Profile
        </h2>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="First name"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              error={errors.firstName}
              maxLength={100}
            />
            <Field
              label="Last name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              error={errors.lastName}
              maxLength={100}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="account-language" className="block text-sm font-medium text-slate-700">
              Email language
            </label>
            <select
              id="account-language"
              value={language}
              onChange={(e) => setLanguage(e.target.value as User['language'])}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
            >
              {LANGUAGES.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={save.isPending} className="sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </form>
      </section>

      <section aria-labelledby="signin-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="signin-heading" className="mb-4 text-lg font-semibold">
          Sign-in
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-500">Email</dt>
          <dd className="font-medium">
            {user.email}{' '}
            <span className={user.emailVerified ? 'text-green-700' : 'text-amber-700'}>
              ({user.emailVerified ? 'verified' : 'not verified'})
            </span>
          </dd>
          <dt className="text-slate-500">Password</dt>
          <dd>
            {user.hasPassword ? 'Set' : 'Not set'} ·{' '}
            <Link to="/forgot-password" className="font-medium text-brand-600 hover:underline">
              {user.hasPassword ? 'Change it by email' : 'Set one by email'}
            </Link>
          </dd>
          <dt className="text-slate-500">Google</dt>
          <dd>{user.googleLinked ? 'Linked' : 'Not linked'}</dd>
          <dt className="text-slate-500">Member since</dt>
          <dd>{new Date(user.createdAt).toLocaleDateString()}</dd>
        </dl>
      </section>

      <SecuritySection user={user} />

      <PlanSection user={user} />

      {developerSection}

      <DeleteAccountSection user={user} />

      <section className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/data-privacy" className="text-sm font-medium text-brand-600 hover:underline">
          Data &amp; privacy
        </Link>
        <Button
          variant="secondary"
          onClick={() => void signOut()}
          disabled={signingOut}
          className="sm:w-auto"
        >
          {signingOut ? 'Signing out...' : 'Sign out'}
        </Button>
      </section>
    </main>
  );
}
