import { describeError, useInvitations, useRevokeInvitation } from '../api/admin-users';
import { formatDate } from '../labels';
import { Button } from '../../../components/ui/button';

/** The addresses invited to sign up (SCRIVO_SIGNUPS=invite), with who invited them, and a way to take it back. */
export function InvitationsList() {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const rows = invitations.data?.invitations ?? [];
  return (
    <section
      aria-labelledby="invitations-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="invitations-heading" className="mb-2 font-semibold text-slate-900">
        Invitations
      </h2>
      {invitations.error ? (
        <p role="alert" className="text-red-700">
          {describeError(invitations.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-slate-600">No open invitations.</p>
      ) : (
        <table className="w-full text-left">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 font-medium">Email</th>
              <th className="py-1 font-medium">Invited</th>
              <th className="py-1 font-medium">Signed up</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.email} className="border-t border-slate-100">
                <td className="py-1.5">{row.email}</td>
                <td className="py-1.5">
                  {formatDate(row.invitedAt)} by {row.invitedBy}
                </td>
                <td className="py-1.5">{row.signedUp ? 'Yes' : 'Not yet'}</td>
                <td className="py-1.5 text-right">
                  <Button
                    variant="unstyled"
                    aria-label={`Revoke the invitation of ${row.email}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(row.email)}
                    className="rounded-lg border border-slate-300 px-2 py-1 hover:bg-slate-50"
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoke.error ? (
        <p role="alert" className="mt-2 text-red-700">
          {describeError(revoke.error)}
        </p>
      ) : null}
    </section>
  );
}
