import type { ApiKey, CreatedApiKey } from '@scrivo/contracts/api-keys/api-keys.contract';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { QueryList } from '../../components/query-list';
import { ShownOnceSecret } from '../../components/shown-once-secret';
import { errorMessage } from '../../lib/error-message';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys';
import { Button } from '../../components/ui/button';
import { Checkbox, Input } from '../../components/ui/input';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'never';

/**
 * Account > Developer: API keys for scripts (shown once, stored hashed), their scopes, last use, revoke; then
 * `children` (the route passes the webhooks section, another feature's).
 */
export function DeveloperSection({ children }: { children?: ReactNode }) {
  const id = useId();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scopes: write ? ['read', 'write'] : ['read'] },
      {
        onSuccess: (result) => {
          setCreated(result);
          setName('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="developer-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="developer-heading" className="mb-2 text-lg font-semibold">
        Developer
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        API keys let your scripts use the recordings API as you: send{' '}
        <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>. See the{' '}
        <Link to="/help" hash="using-the-api" className="text-brand-700 underline">
          API guide
        </Link>{' '}
        in the help centre.
      </p>
      <form onSubmit={submit} className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium" htmlFor={`${id}-name`}>
          Key name
          <Input
            id={`${id}-name`}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Nightly export"
            className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex items-center gap-2 text-sm sm:pb-2.5">
          <Checkbox checked={write} onChange={(e) => setWrite(e.target.checked)} />
          Can upload and change (write)
        </label>
        <Button
          variant="unstyled"
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="mb-3 text-sm text-red-900">
          {errorMessage(create.error)}
        </p>
      )}
      {created && (
        <ShownOnceSecret testId="created-api-key" label="New API key" secret={created.secret}>
          Copy “{created.key.name}” now: it is shown only this once and cannot be recovered.
        </ShownOnceSecret>
      )}
      <QueryList query={keys} loadingLabel="Loading keys…" emptyText="No API keys yet.">
        {(key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={() => revoke.mutate(key.id)} busy={revoke.isPending} />
        )}
      </QueryList>
      {revoke.isError && (
        <p role="alert" className="mt-2 text-sm text-red-900">
          {errorMessage(revoke.error)}
        </p>
      )}
      {children}
    </section>
  );
}

function KeyRow({ apiKey, onRevoke, busy }: { apiKey: ApiKey; onRevoke(): void; busy: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="api-key">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {apiKey.name} <code className="ml-1 text-xs text-slate-500">{apiKey.prefix}…</code>
          {apiKey.revokedAt && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">Revoked</span>
          )}
        </p>
        <p className="text-slate-600">
          {apiKey.scopes.includes('write') ? 'Read and write' : 'Read only'} · created{' '}
          {when(apiKey.createdAt)} · last used {when(apiKey.lastUsedAt)}
        </p>
      </div>
      {!apiKey.revokedAt && (
        <Button
          variant="unstyled"
          onClick={onRevoke}
          disabled={busy}
          className="shrink-0 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          Revoke
        </Button>
      )}
    </li>
  );
}
