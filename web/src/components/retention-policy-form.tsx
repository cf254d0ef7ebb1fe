import type { RetentionPolicy } from '@scrivo/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from './ui/button';
import { Field } from './ui/field';

type Scope = RetentionPolicy['scope'] | 'off';

/** Whoever deletes in that space: "someone deletes" in a workspace, "you delete" in one's own. */
const deletes = (deleter: string) => `${deleter} ${deleter === 'you' ? 'delete' : 'deletes'}`;

const scopeLabel = (scope: Scope, deleter: string) =>
  scope === 'off'
    ? `Keep recordings until ${deletes(deleter)} them`
    : scope === 'media'
      ? 'Remove the audio and video, keep the transcript'
      : 'Move the whole recording to the bin';

/** The sentence people read: what happens to a recording, and when. */
export const retentionSentence = (policy: RetentionPolicy | null, deleter = 'someone') =>
  policy === null
    ? `Recordings are kept until ${deletes(deleter)} them.`
    : policy.scope === 'media'
      ? `The audio and video of a recording are removed ${policy.days} days after upload; the transcript stays.`
      : `A recording moves to the bin ${policy.days} days after upload, and is erased after the restore period.`;

/**
 * A retention policy's form (a workspace's, or one's own space's): what goes after how many days, or nothing. The
 * API checks the days (1 to 3650) and says why it refuses.
 */
export function RetentionPolicyForm({
  policy,
  onSave,
  saving,
  deleter = 'someone',
}: {
  policy: RetentionPolicy | null;
  onSave: (policy: RetentionPolicy | null) => void;
  saving: boolean;
  deleter?: string;
}) {
  const id = useId();
  const [scope, setScope] = useState<Scope>(policy?.scope ?? 'off');
  const [days, setDays] = useState(String(policy?.days ?? 90));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(scope === 'off' ? null : { scope, days: Number(days) });
  };
  return (
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
              {scopeLabel(value, deleter)}
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
      <Button type="submit" variant="secondary" className="sm:w-auto" busy={saving} busyLabel="Saving…">
        Save
      </Button>
    </form>
  );
}
