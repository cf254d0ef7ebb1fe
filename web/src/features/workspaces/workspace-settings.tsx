import type { WorkspaceDetail } from '@scrivo/contracts';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useCurrentSpace } from '../../hooks/use-current-space';
import { errorMessage } from '../../lib/error-message';
import {
  useDeleteWorkspace,
  useHandOverWorkspace,
  useLeaveWorkspace,
  useRenameWorkspace,
} from './api/workspaces';

/** What the caller may do to the workspace itself: the owner renames, hands over or deletes; others leave it. */
export function WorkspaceSettings({ workspace }: { workspace: WorkspaceDetail }) {
  const navigate = useNavigate();
  const [space, setSpace] = useCurrentSpace();
  const rename = useRenameWorkspace();
  const remove = useDeleteWorkspace();
  const leave = useLeaveWorkspace();
  const failure = rename.error ?? remove.error ?? leave.error;
  // Gone from this workspace: the switcher goes back to the personal space, the page to the list.
  const gone = () => {
    if (space === workspace.id) setSpace(null);
    void navigate({ to: '/workspaces' });
  };
  const [name, setName] = useState(workspace.name);
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: workspace.id, name });
  };
  return (
    <section
      aria-labelledby="settings-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="settings-heading" className="text-lg font-semibold">
        {workspace.role === 'owner' ? 'Workspace settings' : 'Leave this workspace'}
      </h2>
      {workspace.role === 'owner' ? (
        <>
          <form onSubmit={submitRename} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <Field
                label="Workspace name"
                required
                maxLength={80}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
            </div>
            <Button
              type="submit"
              variant="secondary"
              className="sm:w-auto"
              disabled={name.trim() === workspace.name}
              busy={rename.isPending}
              busyLabel="Renaming…"
            >
              Rename
            </Button>
          </form>
          <HandOver workspace={workspace} />
          <div className="border-t border-slate-100 pt-4">
            <Button
              variant="danger"
              className="sm:w-auto"
              busy={remove.isPending}
              busyLabel="Deleting…"
              onClick={() => {
                if (window.confirm(`Delete ${workspace.name}? Every member loses access at once.`))
                  remove.mutate(workspace.id, { onSuccess: gone });
              }}
            >
              Delete workspace
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">You can be invited again later.</p>
          <Button
            variant="secondary"
            className="sm:w-auto"
            busy={leave.isPending}
            busyLabel="Leaving…"
            onClick={() => {
              if (window.confirm(`Leave ${workspace.name}?`)) leave.mutate(workspace.id, { onSuccess: gone });
            }}
          >
            Leave workspace
          </Button>
        </>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failure)}
        </p>
      ) : null}
    </section>
  );
}

/** The owner hands the workspace to another member, then stays as an admin. */
function HandOver({ workspace }: { workspace: WorkspaceDetail }) {
  const id = useId();
  const handOver = useHandOverWorkspace();
  const others = workspace.members.filter((member) => member.role !== 'owner');
  const [to, setTo] = useState('');
  if (others.length === 0) return null;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-4">
      <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-700">
        Hand over to
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <select
          id={`${id}-to`}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          className="h-[46px] flex-1 rounded-lg border border-slate-300 bg-white px-2"
        >
          <option value="">Choose a member…</option>
          {others.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name} ({member.email})
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          className="sm:w-auto"
          disabled={!to}
          busy={handOver.isPending}
          busyLabel="Handing over…"
          onClick={() => {
            if (window.confirm('Hand the workspace over? You stay in it as an admin.'))
              handOver.mutate({ id: workspace.id, userId: to }, { onSuccess: () => setTo('') });
          }}
        >
          Hand over
        </Button>
      </div>
      {handOver.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(handOver.error)}
        </p>
      ) : null}
    </div>
  );
}
