/** @jsxImportSource preact */
import { useState } from 'preact/hooks';

/** Nobody is around: the visitor leaves an email and gets the answer there. */
export const OfflineForm = ({
  contactEmail,
  onSubmit,
}: {
  contactEmail: string | null;
  onSubmit: (email: string) => Promise<void>;
}) => {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  if (contactEmail) return <p class="notice">Thanks! We'll reply to {contactEmail}.</p>;
  return (
    <form
      class="offline"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void onSubmit(email).finally(() => setBusy(false));
      }}
    >
      <p>Our team is offline right now. Leave your email and we'll get back to you.</p>
      <input
        type="email"
        required
        aria-label="Your email"
        placeholder="you@example.com"
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <button type="submit" disabled={busy || !email.trim()}>
        Send
      </button>
    </form>
  );
};
