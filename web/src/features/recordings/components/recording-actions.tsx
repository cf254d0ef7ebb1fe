import type { RecordingListItem as Item } from '@scrivo/contracts/recordings/recordings.contract';
import type { WorkspaceSummary } from '@scrivo/contracts/workspaces/workspaces.contract';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { useMoveRecording } from '../api/recordings';

const PERSONAL = 'personal';

/**
 * A library row's actions for the recording's uploader (the only one the API lets do them): move it to their
 * personal space or a workspace where they may upload (member and up), and delete it.
 */
export function RecordingActions({
  recording,
  spaces,
  onDelete,
}: {
  recording: Item;
  /** The caller's workspaces with their role in each (handed in by the route). */
  spaces: readonly WorkspaceSummary[];
  onDelete(): void;
}) {
  const id = useId();
  const move = useMoveRecording();
  const here = recording.workspaceId ?? null;
  const targets = [
    ...(here === null ? [] : [{ value: PERSONAL, label: 'Personal' }]),
    ...spaces
      .filter((space) => space.role !== 'viewer' && space.id !== here)
      .map((space) => ({ value: space.id, label: space.name })),
  ];
  return (
    <>
      {targets.length > 0 ? (
        <>
          <label htmlFor={id} className="sr-only">
            Move “{recording.title}” to
          </label>
          <select
            id={id}
            value=""
            disabled={move.isPending}
            onChange={(event) => {
              const to = event.currentTarget.value;
              if (to) move.mutate({ id: recording.id, workspaceId: to === PERSONAL ? null : to });
            }}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            <option value="">{move.isPending ? 'Moving…' : 'Move to…'}</option>
            {targets.map((target) => (
              <option key={target.value} value={target.value}>
                {target.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <Button
        variant="unstyled"
        onClick={onDelete}
        className="rounded-lg px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
        aria-label={`Delete “${recording.title}”`}
      >
        Delete
      </Button>
      {move.error ? (
        <p role="alert" className="basis-full text-right text-sm text-red-700">
          {errorMessage(move.error)}
        </p>
      ) : null}
    </>
  );
}
