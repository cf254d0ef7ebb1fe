import type { Recording, Transcript, Usage } from '@scrivo/contracts/recordings/recordings.contract';
import type { WorkspaceSummary } from '@scrivo/contracts/workspaces/workspaces.contract';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HttpError } from '../../lib/http';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import {
  useCancel,
  useRecording,
  useRetry,
  useTranscript,
  useTranscriptSoFar,
  useUsage,
} from '../../lib/api/recordings';
import { useCurrentUser } from '../../lib/api/current-user';
import { useRecordingEvents } from '../../lib/api/recording-events';
import { permissionsFor, type RecordingPermissions } from '../../lib/recording-permissions';
import { isWorking } from '../../lib/recordings/is-working';
import { InlineTitle } from '../../components/recordings/inline-title';
import { KeptFile } from '../../components/recordings/kept-file';
import { LiveIndicator } from '../../components/recordings/live-indicator';
import { StatusBadge } from '../../components/recordings/status-badge';
import { TranscriptSoFar, workingMessage } from './components/transcript-so-far';
import { Button } from '../../components/ui/button';

const mediaUrl = (id: string) => `/api/recordings/${encodeURIComponent(id)}/media`;

/** A finished recording with its transcript, ready for the workspace. */
export interface LoadedTranscript {
  recording: Recording;
  transcript: Transcript;
  mediaUrl: string;
  heading: ReactNode;
  /** The caller's plan, undefined while it loads. */
  plan: Usage['plan'] | undefined;
  /** What the caller may do with it (the uploader, or their role in its workspace). */
  may: RecordingPermissions;
}

/**
 * `workspace` renders the finished transcript: the route that composes the page hands it in, with the sections
 * other features add (share links, summary, translations, questions).
 */
export function TranscriptPage({
  recordingId,
  workspace,
  spaces,
}: {
  recordingId: string;
  workspace: (loaded: LoadedTranscript) => ReactNode;
  /** The caller's workspaces with their role (undefined while they load): what a shared recording allows. */
  spaces: readonly WorkspaceSummary[] | undefined;
}) {
  const live = useRecordingEvents();
  const recording = useRecording(recordingId);
  const completed = recording.data?.status === 'completed';
  const transcript = useTranscript(recordingId, completed);
  const pieces = recording.data?.status === 'transcribing' ? (recording.data.pieces ?? null) : null;
  const soFar = useTranscriptSoFar(recordingId, pieces?.done ?? 0);
  const retry = useRetry();
  const cancel = useCancel();
  const usage = useUsage();
  const me = useCurrentUser().data?.id;

  if (recording.isPending) return <Spinner />;
  if (recording.isError) {
    if (
      recording.error instanceof HttpError &&
      (recording.error.status === 404 || recording.error.status === 400)
    ) {
      return <RecordingNotFound />;
    }
    return (
      <Message title="This recording could not be loaded">
        {errorMessage(recording.error)} <Link to="/recordings">Back to your recordings</Link>
      </Message>
    );
  }
  const current = recording.data;
  const shared = current.workspaceId ?? null;
  // Until the caller's role is known, a workspace's recording offers nothing a viewer would then lose.
  const role = shared === null ? null : spaces?.find((space) => space.id === shared)?.role;
  const may = permissionsFor(current, me, role);
  const heading = (
    <InlineTitle id={current.id} title={current.title} readOnly={!may.edits}>
      <h1 className="truncate text-2xl font-bold tracking-tight" data-testid="recording-title">
        {current.title}
      </h1>
    </InlineTitle>
  );

  if (completed && transcript.data) {
    return (
      <main id="main">
        {workspace({
          recording: current,
          transcript: transcript.data,
          mediaUrl: mediaUrl(current.id),
          heading,
          plan: usage.data?.plan,
          may,
        })}
      </main>
    );
  }
  if (completed && transcript.isError) {
    return (
      <Message title="The transcript could not be loaded" heading={heading}>
        {errorMessage(transcript.error)}
      </Message>
    );
  }
  if (completed) return <Spinner label="Loading the transcript…" />;

  const working = isWorking(current);
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      {heading}
      <section
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6"
        aria-live="polite"
      >
        <div className="flex items-center justify-between gap-3">
          <StatusBadge recording={current} />
          <LiveIndicator state={live} />
        </div>
        {working && (
          <>
            <p className="text-slate-700">{workingMessage(current)}</p>
            <div
              className="h-2.5 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label="Progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.floor(current.progress * 100)}
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
                style={{ width: `${current.progress * 100}%` }}
              />
            </div>
            {current.status !== 'uploading' && may.mine && (
              <Button
                variant="unstyled"
                onClick={() => cancel.mutate(current.id)}
                disabled={cancel.isPending}
                className="self-start rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
              >
                Cancel transcription
              </Button>
            )}
          </>
        )}
        {pieces && soFar.data?.partial && <TranscriptSoFar segments={soFar.data.segments} />}
        {current.status === 'unreadable' && <KeptFile recording={current} />}
        {(current.status === 'failed' || current.status === 'cancelled') && (
          <>
            <p className="text-slate-800" role="alert">
              {current.status === 'failed'
                ? (current.error?.message ?? 'The transcription failed.')
                : 'The transcription was cancelled.'}
            </p>
            {may.mine && (
              <Button
                variant="unstyled"
                onClick={() => retry.mutate(current.id)}
                disabled={retry.isPending}
                className="self-start rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {retry.isPending ? 'Starting…' : 'Try again'}
              </Button>
            )}
          </>
        )}
        {(retry.isError || cancel.isError) && (
          <p role="alert" className="text-sm text-red-900">
            {errorMessage(retry.error ?? cancel.error)}
          </p>
        )}
      </section>
    </main>
  );
}

function Message({
  title,
  heading,
  children,
}: {
  title: string;
  heading?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10 sm:px-6">
      {heading}
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-slate-700">{children}</p>
    </main>
  );
}

/** Unknown ids and other people's recordings look the same: nothing here. */
function RecordingNotFound() {
  return (
    <main id="main" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">404</p>
      <h1 className="text-2xl font-bold">Recording not found</h1>
      <p className="max-w-md text-slate-600">It may have been deleted, or the link is wrong.</p>
      <Link
        to="/recordings"
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        Back to your recordings
      </Link>
    </main>
  );
}
