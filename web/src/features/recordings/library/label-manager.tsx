import type { Label } from '@scrivo/contracts/library/library.contract';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import {
  type LabelKind,
  type LibrarySpace,
  useCreateLabel,
  useDeleteLabel,
  useRenameLabel,
} from '../api/library';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

const NOUN: Record<LabelKind, { one: string; many: string }> = {
  folder: { one: 'folder', many: 'Folders' },
  tag: { one: 'tag', many: 'Tags' },
};

/** Create, rename and delete the folders or the tags of the library (one's own, or the workspace's: `space`). */
export function LabelManager({
  kind,
  labels,
  space,
}: {
  kind: LabelKind;
  labels: readonly Label[];
  space: LibrarySpace;
}) {
  const id = useId();
  const create = useCreateLabel(kind, space);
  const [name, setName] = useState('');
  const noun = NOUN[kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, { onSuccess: () => setName('') });
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-1 flex-col gap-2">
      <h2 id={`${id}-heading`} className="font-semibold">
        {noun.many}
      </h2>
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor={`${id}-new`}>
          New {noun.one}
        </label>
        <Input
          id={`${id}-new`}
          required
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={`New ${noun.one}`}
          className="h-9 flex-1 rounded-lg border border-slate-300 px-2 text-sm"
        />
        <Button
          variant="unstyled"
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Add {noun.one}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="text-sm text-red-900">
          {errorMessage(create.error)}
        </p>
      )}
      <ul className="flex flex-col gap-1">
        {labels.map((label) => (
          <LabelRow key={label.id} kind={kind} label={label} space={space} />
        ))}
      </ul>
    </section>
  );
}

function LabelRow({ kind, label, space }: { kind: LabelKind; label: Label; space: LibrarySpace }) {
  const rename = useRenameLabel(kind, space);
  const remove = useDeleteLabel(kind, space);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(label.name);
  const noun = NOUN[kind].one;
  return (
    <li className="flex items-center gap-2 text-sm" data-testid={`${kind}-row`}>
      {editing ? (
        <form
          className="flex flex-1 gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate({ id: label.id, name }, { onSuccess: () => setEditing(false) });
          }}
        >
          <Input
            aria-label={`New name of ${noun} “${label.name}”`}
            value={name}
            maxLength={60}
            required
            onChange={(e) => setName(e.target.value)}
            className="h-8 flex-1 rounded border border-slate-300 px-2"
          />
          <Button
            variant="unstyled"
            type="submit"
            className="rounded px-2 font-medium text-brand-700 hover:bg-brand-50"
          >
            Save
          </Button>
        </form>
      ) : (
        <>
          <span className="flex-1 truncate">{label.name}</span>
          <Button
            variant="unstyled"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${noun} “${label.name}”`}
            className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100"
          >
            Rename
          </Button>
          <Button
            variant="unstyled"
            onClick={() => remove.mutate(label.id)}
            disabled={remove.isPending}
            aria-label={`Delete ${noun} “${label.name}”`}
            className="rounded px-2 py-1 text-red-700 hover:bg-red-50"
          >
            Delete
          </Button>
        </>
      )}
      {(rename.isError || remove.isError) && (
        <span role="alert" className="text-red-900">
          {errorMessage(rename.error ?? remove.error)}
        </span>
      )}
    </li>
  );
}
