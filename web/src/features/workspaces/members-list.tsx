import type { GivenWorkspaceRole, WorkspaceDetail, WorkspaceMember } from '@scrivo/contracts';
import { useId, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { useChangeRole, useRemoveMember } from './api/members';
import { givableRoles, mayManage, ROLE_LABEL } from './roles';

/** The people of a workspace; the caller's role decides which rows get a role picker and a Remove button. */
export function MembersList({ workspace, me }: { workspace: WorkspaceDetail; me: string | undefined }) {
  const change = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const failure = change.error ?? remove.error;
  // The Remove button goes with its row: focus moves to the list's heading instead of being lost.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section
      aria-labelledby="members-heading"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="members-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Members
      </h2>
      <ul className="divide-y divide-slate-100" aria-label="Members">
        {workspace.members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isMe={member.userId === me}
            manageable={member.userId !== me && mayManage(workspace.role, member.role)}
            givable={givableRoles(workspace.role)}
            changing={change.isPending && change.variables.userId === member.userId}
            removing={remove.isPending && remove.variables === member.userId}
            onChange={(role) => change.mutate({ userId: member.userId, role })}
            onRemove={() => {
              if (
                window.confirm(
                  `Remove ${member.name} (${member.email}) from ${workspace.name}? Their access ends at once.`,
                )
              )
                remove.mutate(member.userId, { onSuccess: () => heading.current?.focus() });
            }}
          />
        ))}
      </ul>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failure)}
        </p>
      ) : null}
    </section>
  );
}

interface MemberRowProps {
  member: WorkspaceMember;
  isMe: boolean;
  manageable: boolean;
  givable: GivenWorkspaceRole[];
  changing: boolean;
  removing: boolean;
  onChange(role: GivenWorkspaceRole): void;
  onRemove(): void;
}

function MemberRow({
  member,
  isMe,
  manageable,
  givable,
  changing,
  removing,
  onChange,
  onRemove,
}: MemberRowProps) {
  const id = useId();
  const current = givable.find((role) => role === member.role);
  const [chosen, setChosen] = useState<GivenWorkspaceRole | undefined>(current);
  // Names repeat (two people called Sam); the address tells them apart for screen readers too.
  const who = `${member.name} (${member.email})`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="workspace-member">
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-slate-900">
          {member.name}
          {isMe ? <span className="ml-1 font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="truncate text-slate-600">{member.email}</p>
      </div>
      {manageable && current ? (
        <>
          <label htmlFor={`${id}-role`} className="sr-only">
            Role of {who}
          </label>
          <select
            id={`${id}-role`}
            value={chosen}
            onChange={(event) => setChosen(givable.find((role) => role === event.currentTarget.value))}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          >
            {givable.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABEL[role]}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            size="compact"
            className="w-auto"
            disabled={!chosen || chosen === member.role}
            busy={changing}
            busyLabel="Changing…"
            aria-label={`Change the role of ${who}`}
            onClick={() => chosen && onChange(chosen)}
          >
            Change role
          </Button>
          <Button
            variant="danger"
            size="compact"
            className="w-auto"
            busy={removing}
            busyLabel="Removing…"
            aria-label={`Remove ${who}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </>
      ) : (
        <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'}>{ROLE_LABEL[member.role]}</Badge>
      )}
    </li>
  );
}
