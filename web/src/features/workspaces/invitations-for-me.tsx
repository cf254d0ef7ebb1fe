import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { useAcceptInvitation, useMyInvitations } from './api/invitations';
import { ROLE_LABEL } from './roles';

/** Invitations to the caller's verified address; shown only when there are some. */
export function InvitationsForMe() {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const waiting = invitations.data?.invitations ?? [];
  if (waiting.length === 0 && !invitations.error) return null;
  return (
    <section
      aria-labelledby="invitations-for-me"
      className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50 p-6"
    >
      <h2 id="invitations-for-me" className="text-lg font-semibold">
        Invitations for you
      </h2>
      {invitations.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(invitations.error)}
        </p>
      ) : null}
      <ul className="divide-y divide-brand-100" aria-label="Invitations for you">
        {waiting.map((invitation) => (
          <li key={invitation.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-medium">{invitation.workspaceName}</span> as{' '}
              {ROLE_LABEL[invitation.role].toLowerCase()}
            </span>
            <Button
              size="compact"
              className="w-auto"
              busy={accept.isPending && accept.variables === invitation.id}
              busyLabel="Joining…"
              aria-label={`Accept the invitation to ${invitation.workspaceName}`}
              onClick={() => accept.mutate(invitation.id)}
            >
              Accept
            </Button>
          </li>
        ))}
      </ul>
      {accept.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(accept.error)}
        </p>
      ) : null}
    </section>
  );
}
