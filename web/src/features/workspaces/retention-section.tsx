import type { RetentionPolicy, WorkspaceDetail } from '@scrivo/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { errorMessage } from '../../lib/error-message';
import { useSetRetention } from './api/workspaces';
import { managesMembers } from './roles';

type Scope = RetentionPolicy['scope'] | 'off';

const SCOPE_LABEL: Readonly<Record<Scope, string>> = {
  off: 'Keep recordings until someone deletes them',
  media: 'Remove the audio and video, keep the transcript',
  recording: 'Move the whole recording to the bin',
};

/** The sentence members read: what happens to a recording, and when. */
const retentionSentence = (policy: RetentionPolicy | null) =>
  policy === null
    ? 'Recordings are kept until someone deletes them.'
    : policy.scope === 'media'
      ? `The audio and video of a recording are removed ${policy.days} days after upload; the transcript stays.`
      : `A recording moves to the bin ${policy.days} days after upload, and is erased after the restore period.`;

/** How long the workspace keeps its recordings: owner and admins set it, everyone else reads it. */
export function RetentionSection({ workspace }: { workspace: WorkspaceDetail }) {
  const id = useId();
  const save = useSetRetention(workspace.id);
  const [scope, setScope] = useState<Scope>(workspace.retention?.scope ?? 'off');
  const [days, setDays] = useState(String(workspace.retention?.days ?? 90));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(scope === 'off' ? null : { scope, days: Number(days) });
  };
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Keeping recordings
      </h2>
      <p className="text-sm text-slate-700" data-testid="retention-now">
        {retentionSentence(workspace.retention)}
      </p>
      {managesMembers(workspace.role) ? (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="space-y-1.5 sm:flex-1">
            <label htmlFor={`${id}-scope`} className="block text-sm font-medium text-slate-700">
              After a recording’s time
            </label>
            <select
              id={`${id}-scope`}
              value={scope}
              onChange={(event) => {
                const chosen = event.currentTarget.value;
                setScope(chosen === 'media' || chosen === 'recording' ? chosen : 'off');
              }}
              className="h-[46px] w-full rounded-lg border border-slate-300 bg-white px-2"
            >
              {(['off', 'media', 'recording'] as const).map((value) => (
                <option key={value} value={value}>
                  {SCOPE_LABEL[value]}
                </option>
              ))}
            </select>
          </div>
          {scope === 'off' ? null : (
            <div className="sm:w-40">
              <Field
                label="Days after upload"
                type="number"
                required
                min={1}
                max={3650}
                value={days}
                onChange={(event) => setDays(event.currentTarget.value)}
              />
            </div>
          )}
          <Button
            type="submit"
            variant="secondary"
            className="sm:w-auto"
            busy={save.isPending}
            busyLabel="Saving…"
          >
            Save
          </Button>
        </form>
      ) : null}
      {save.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </section>
  );
}
