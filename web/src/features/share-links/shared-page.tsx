import type { SharedRecording } from '@scrivo/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/http';
import { errorMessage } from '../../lib/error-message';
import { sharedMediaUrl, useSharedRecording, useUnlockShare } from './api/share-links';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/** Shared pages stay out of search engines (the server also answers X-Robots-Tag: noindex for /s/). */
const useNoIndex = () => {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
};

/** What a share link opened, with the addresses to play and download its recording. */
interface OpenedShare {
  shared: SharedRecording;
  mediaUrl: string | null;
  /** Only when the owner allows downloads. */
  downloadUrl: string | null;
}

interface Props {
  token: string;
  /** The transcript view belongs to the transcript feature, so the route hands it in. */
  renderTranscript: (opened: OpenedShare) => ReactNode;
}

/**
 * The page behind a share link, for anyone with the link: asks for the password when there is one, says when the link
 * is gone, and otherwise shows the transcript.
 */
export function SharedPage({ token, renderTranscript }: Props) {
  useNoIndex();
  const shared = useSharedRecording(token);
  useEffect(() => {
    if (shared.data) document.title = `${shared.data.title} | Shared transcript`;
  }, [shared.data]);

  if (shared.isPending) return <Spinner label="Opening the shared transcript…" />;
  if (shared.isError) {
    const status = shared.error instanceof HttpError ? shared.error.status : 0;
    if (status === 401) return <PasswordForm token={token} />;
    if (status === 410)
      return (
        <Gone title="This link is no longer available">
          Its owner turned it off, or it expired. Ask them for a new link.
        </Gone>
      );
    if (status === 404 || status === 400)
      return (
        <Gone title="This link does not exist">
          Check that you copied the whole address, or ask its owner for a new link.
        </Gone>
      );
    return <Gone title="This transcript could not be loaded">{errorMessage(shared.error)}</Gone>;
  }
  const { media } = shared.data;
  return renderTranscript({
    shared: shared.data,
    mediaUrl: media ? sharedMediaUrl(token) : null,
    downloadUrl: media?.downloadAllowed ? sharedMediaUrl(token, true) : null,
  });
}

function PasswordForm({ token }: { token: string }) {
  const unlock = useUnlockShare(token);
  const [password, setPassword] = useState('');
  return (
    <main id="main" className="mx-auto flex min-h-[50vh] max-w-sm flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">This transcript is protected</h1>
      <p className="text-slate-600">Type the password its owner gave you.</p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          unlock.mutate(password);
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Password
          <Input
            type="password"
            autoComplete="off"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <Button
          variant="unstyled"
          type="submit"
          disabled={unlock.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {unlock.isPending ? 'Checking…' : 'Open'}
        </Button>
        {unlock.isError && (
          <p role="alert" className="text-sm text-red-900">
            {errorMessage(unlock.error)}
          </p>
        )}
      </form>
    </main>
  );
}

function Gone({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold" data-testid="shared-gone">
        {title}
      </h1>
      <p className="max-w-md text-slate-600">{children}</p>
    </main>
  );
}
