import {
  type CreatedShareLink,
  MIN_SHARE_PASSWORD_LENGTH,
} from '@scrivo/contracts/share-links/share-links.contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { useCreateShareLink } from '../api/share-links';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/input';

const EXPIRIES = [
  { label: 'Never (until you turn it off)', days: null },
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
] as const;

const DAY_MS = 24 * 3600 * 1000;

/** The choices of a new link; the created URL is shown once (only its hash is kept on the server). */
export function ShareLinkForm({ recordingId }: { recordingId: string }) {
  const id = useId();
  const create = useCreateShareLink(recordingId);
  const [includeMedia, setIncludeMedia] = useState(true);
  const [allowDownload, setAllowDownload] = useState(false);
  const [expiry, setExpiry] = useState(0);
  const [password, setPassword] = useState('');
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const days = EXPIRIES[expiry]?.days ?? null;
    create.mutate(
      {
        includeMedia,
        allowDownload: includeMedia && allowDownload,
        expiresAt: days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString(),
        ...(password ? { password } : {}),
      },
      {
        onSuccess: (result) => {
          setCreated(result);
          setCopied(false);
          setPassword('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={includeMedia} onChange={(e) => setIncludeMedia(e.target.checked)} />
        Include the recording (visitors can play it)
      </label>
      <label className={`flex items-center gap-2 text-sm ${includeMedia ? '' : 'text-slate-400'}`}>
        <Checkbox
          checked={includeMedia && allowDownload}
          disabled={!includeMedia}
          onChange={(e) => setAllowDownload(e.target.checked)}
        />
        Allow downloading the recording
      </label>
      <p className={`-mt-2 pl-6 text-xs ${includeMedia ? 'text-slate-500' : 'text-slate-400'}`}>
        Without it the page shows no download button, but anyone who can play the recording can still save
        what the player receives. To keep the audio from being copied, leave the recording out.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-expiry`}>
          Expires
          <select
            id={`${id}-expiry`}
            value={expiry}
            onChange={(e) => setExpiry(Number(e.target.value))}
            className="rounded-lg border border-slate-300 px-2 py-1.5"
          >
            {EXPIRIES.map((option, index) => (
              <option key={option.label} value={index}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-password`}>
          Password (optional, at least {MIN_SHARE_PASSWORD_LENGTH} characters besides spaces)
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            minLength={MIN_SHARE_PASSWORD_LENGTH}
            maxLength={200}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="rounded-lg border border-slate-300 px-2 py-1.5"
          />
        </label>
      </div>
      <Button
        variant="unstyled"
        type="submit"
        disabled={create.isPending}
        className="self-start rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {create.isPending ? 'Creating…' : 'Create link'}
      </Button>
      {create.isError && (
        <p role="alert" className="text-sm text-red-900">
          {errorMessage(create.error)}
        </p>
      )}
      {created && (
        <div className="flex flex-col gap-2 rounded-lg bg-brand-50 p-3" data-testid="created-share-link">
          <p className="text-sm font-medium">
            Copy the link now: for your visitors’ safety it is shown only this once.
          </p>
          <div className="flex gap-2">
            <Input
              readOnly
              aria-label="Share link"
              value={created.url}
              onFocus={(e) => e.target.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
            />
            <Button
              variant="unstyled"
              onClick={() =>
                navigator.clipboard.writeText(created.url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
            >
              <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
