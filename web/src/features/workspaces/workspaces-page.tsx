import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { errorMessage } from '../../lib/error-message';
import { useCreateWorkspace, useWorkspaces } from './api/workspaces';
import { InvitationsForMe } from './invitations-for-me';
import { ROLE_LABEL } from './roles';

/** /workspaces: the workspaces the account belongs to with its role in each, invitations to accept, a new one. */
export function WorkspacesPage() {
  const workspaces = useWorkspaces();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, { onSuccess: () => setName('') });
  };
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Workspaces</h1>
      <p className="text-sm text-slate-700">
        A workspace is a space you share with colleagues: invite them by email address and give each a role.
        Your personal space stays yours alone.
      </p>
      <InvitationsForMe />
      <section
        aria-labelledby="my-workspaces"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <h2 id="my-workspaces" className="text-lg font-semibold">
          Your workspaces
        </h2>
        {workspaces.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading workspaces…
          </p>
        ) : null}
        {workspaces.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(workspaces.error)}
          </p>
        ) : null}
        {workspaces.data?.workspaces.length === 0 ? (
          <p className="text-sm text-slate-600">You are not in any workspace yet.</p>
        ) : null}
        <ul className="divide-y divide-slate-100" aria-label="Your workspaces">
          {workspaces.data?.workspaces.map((workspace) => (
            <li key={workspace.id} className="flex items-center justify-between gap-3 py-3">
              <Link
                to="/workspaces/$workspaceId"
                params={{ workspaceId: workspace.id }}
                className="font-medium text-brand-700 hover:underline"
              >
                {workspace.name}
              </Link>
              <Badge tone={workspace.role === 'owner' ? 'brand' : 'neutral'}>
                {ROLE_LABEL[workspace.role]}
              </Badge>
            </li>
          ))}
        </ul>
        <form
          onSubmit={submit}
          className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-end"
        >
          <div className="flex-1">
            <Field
              label="New workspace name"
              required
              maxLength={80}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              placeholder="e.g. Payments team"
            />
          </div>
          <Button type="submit" className="sm:w-auto" busy={create.isPending} busyLabel="Creating…">
            Create workspace
          </Button>
        </form>
        {create.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(create.error)}
          </p>
        ) : null}
      </section>
    </main>
  );
}
