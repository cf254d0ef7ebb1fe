import { useState } from 'react';
import { describeError, useInvite } from '../api/admin-users';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** With SCRIVO_SIGNUPS=invite, only addresses invited here can sign up (through the normal verified flow). */
export function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  return (
    <form
      className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        invite.mutate(email, { onSuccess: () => setEmail('') });
      }}
    >
      <label htmlFor="invite-email" className="font-medium text-slate-700">
        Invite an address to sign up
      </label>
      <Input
        id="invite-email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="w-64 rounded-lg border border-slate-300 px-3 py-2"
      />
      <Button
        variant="unstyled"
        type="submit"
        disabled={invite.isPending}
        className="rounded-lg bg-slate-900 px-3 py-2 text-white"
      >
        Invite
      </Button>
      {invite.isSuccess ? <span role="status">{invite.data.email} may now sign up.</span> : null}
      {invite.error ? (
        <span role="alert" className="text-red-700">
          {describeError(invite.error)}
        </span>
      ) : null}
    </form>
  );
}
