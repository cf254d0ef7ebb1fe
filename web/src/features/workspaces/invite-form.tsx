import type { GivenWorkspaceRole, WorkspaceDetail } from '@scrivo/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { errorMessage } from '../../lib/error-message';
import { useInvite, useRevokeInvitation } from './api/invitations';
import { givableRoles, ROLE_HINT, ROLE_LABEL } from './roles';

/** For the owner and admins: invite an address with a role, and the invitations not yet accepted. */
export function InviteSection({ workspace }: { workspace: WorkspaceDetail }) {
  const id = useId();
  const invite = useInvite(workspace.id);
  const revoke = useRevokeInvitation(workspace.id);
  const roles = givableRoles(workspace.role);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GivenWorkspaceRole>('member');
  const [sent, setSent] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          setSent(email);
          setEmail('');
        },
      },
    );
  };
  return (
    <section
      aria-labelledby="invite-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite people
      </h2>
      <p className="text-sm text-slate-600">
        They join when they sign in with this verified address and accept on their Workspaces page.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field
            label="Email address"
            type="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id={`${id}-role`}
            value={role}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setRole(roles.find((r) => r === event.currentTarget.value) ?? 'member')}
            className="h-[46px] rounded-lg border border-slate-300 bg-white px-2"
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" className="sm:w-auto" busy={invite.isPending} busyLabel="Inviting…">
          Send invitation
        </Button>
      </form>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {ROLE_LABEL[role]}: {ROLE_HINT[role]}.
      </p>
      {invite.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(invite.error)}
        </p>
      ) : sent ? (
        <p role="status" className="text-sm text-emerald-800">
          Invited {sent}.
        </p>
      ) : null}
      {workspace.invitations.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold text-slate-800">Waiting to join</h3>
          <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
            {workspace.invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  {invitation.email} · {ROLE_LABEL[invitation.role]}
                </span>
                <Button
                  variant="secondary"
                  size="compact"
                  className="w-auto"
                  busy={revoke.isPending && revoke.variables === invitation.id}
                  busyLabel="Revoking…"
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  onClick={() => revoke.mutate(invitation.id)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {revoke.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(revoke.error)}
        </p>
      ) : null}
    </section>
  );
}
