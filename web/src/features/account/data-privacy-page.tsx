import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../lib/api/current-user';
import { DeleteAccountSection } from './delete-account-section';
import { DownloadDataSection } from './download-data-section';
import { KeepRecordingsSection } from './keep-recordings-section';

/** /data-privacy: what this server keeps about the signed-in user and how each part is protected. */
export function DataPrivacyPage() {
  const { data: user } = useCurrentUser();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Data &amp; privacy</h1>
      <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm leading-relaxed text-slate-700">
        <h2 className="text-lg font-semibold text-slate-900">What this server keeps about you</h2>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Your account: {user?.email ?? 'your email'}, your name, the industry and referral answers you gave
            at sign-up, your plan and your email language.
          </li>
          <li>Your password only as an argon2id hash; nobody, administrators included, can read it back.</li>
          <li>
            A history of account events (sign-up, verification, sign-ins, password changes) so every change
            can be audited.
          </li>
          <li>
            Your recordings and transcripts, which only you can open, except those you upload into a
            workspace, which its members open as their role allows.
          </li>
          <li>
            The list of browsers where you are signed in (device and last use), which you can see and sign out
            on your account page.
          </li>
          <li>
            Sign-in sessions in secure, httpOnly cookies; signing out ends the session on the server at once.
          </li>
        </ul>
        <p>
          Verification codes are stored only as hashes and expire after 10 minutes; password reset links are
          single use and expire after 1 hour.
        </p>
        <h2 className="pt-2 text-lg font-semibold text-slate-900">When you delete your account</h2>
        <p>
          You are signed out everywhere at once. Every recording is erased with its media (the audio or video
          file) and its transcript, your account disappears from every list, and your email address is freed.
          Your name and your transcripts are kept in the account history encrypted with a key of your own, and
          that key is destroyed, so nobody can read them again. Administrators and auditors see that an
          account was erased, when and by whom (yourself); the history still holds your email address in its
          sign-up entries.
        </p>
      </section>
      <KeepRecordingsSection />
      <DownloadDataSection />
      {user ? <DeleteAccountSection user={user} /> : null}
      <p className="text-sm text-slate-600">
        Read the{' '}
        <Link to="/privacy" className="font-medium text-brand-600 hover:underline">
          privacy policy
        </Link>{' '}
        or go back to your{' '}
        <Link to="/account" className="font-medium text-brand-600 hover:underline">
          account
        </Link>
        .
      </p>
    </main>
  );
}
