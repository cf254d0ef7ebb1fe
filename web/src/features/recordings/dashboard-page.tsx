import type { WorkspaceSummary } from '@scrivo/contracts/workspaces/workspaces.contract';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useCurrentUser } from '../../lib/api/current-user';
import { useRecordingList, useRetry, useUsage } from '../../lib/api/recordings';
import { errorMessage } from '../../lib/error-message';
import { useRecordingEvents } from '../../lib/api/recording-events';
import { LiveIndicator } from '../../components/recordings/live-indicator';
import { RecordingListItem } from './components/recording-list-item';
import { UploadPanel } from './components/upload-panel';
import { UsageMeter } from './components/usage-meter';
import { Button } from '../../components/ui/button';

const RECENT = { page: 1, pageSize: 8, sort: 'date', order: 'desc' } as const;

interface Props {
  /** The Record tab's content: live recording is another feature, so the route hands it in. */
  recordPanel: ReactNode;
  /** True when a live recording was interrupted by a reload: the page then opens on the Record tab. */
  resumable: () => boolean;
  /** The space chosen in the header (another feature's, handed in by the route); null: the personal space. */
  workspace?: WorkspaceSummary | null;
  /** Shown above the rest when there is something to act on (the route hands in invitations to accept). */
  notices?: ReactNode;
}

export function DashboardPage({ recordPanel, resumable, workspace = null, notices }: Props) {
  const { data: user } = useCurrentUser();
  const live = useRecordingEvents();
  const usage = useUsage();
  const recent = useRecordingList(workspace ? { ...RECENT, workspaceId: workspace.id } : RECENT);
  const retry = useRetry();
  // A live recording interrupted by a reload opens on the Record tab, where it can be resumed.
  const [tab, setTab] = useState<'upload' | 'record'>(() => (resumable() ? 'record' : 'upload'));

  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">
        {user?.firstName ? `Welcome back, ${user.firstName}` : 'Dashboard'}
      </h1>
      {notices}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-3">
          <div role="tablist" aria-label="Add a recording" className="flex gap-2">
            {(['upload', 'record'] as const).map((name) => (
              <Button
                variant="unstyled"
                key={name}
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
                className={`rounded-lg px-4 py-2 text-sm font-medium ${tab === name ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 shadow-sm'}`}
              >
                {name === 'upload' ? 'Upload' : 'Record'}
              </Button>
            ))}
          </div>
          {tab === 'upload' && user && (
            <UploadPanel userId={user.id} usage={usage.data} workspace={workspace} />
          )}
          {tab === 'record' && recordPanel}
        </div>
        <div className="flex flex-col gap-6">
          {usage.data && <UsageMeter usage={usage.data} />}
          {usage.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
              Your usage could not be loaded.
            </p>
          )}
        </div>
      </div>
      <section aria-labelledby="recent-title" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="recent-title" className="text-lg font-semibold">
            {workspace ? `Recent recordings in ${workspace.name}` : 'Recent recordings'}
          </h2>
          <div className="flex items-center gap-4">
            <LiveIndicator state={live} />
            <Link to="/recordings" className="text-sm font-medium text-brand-700 hover:underline">
              All recordings
            </Link>
          </div>
        </div>
        {recent.isPending && <p className="text-slate-600">Loading…</p>}
        {recent.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
            Your recordings could not be loaded. Refresh the page to try again.
          </p>
        )}
        {recent.data && recent.data.items.length === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
            Nothing here yet. Your first transcript is one upload away.
          </p>
        )}
        {recent.data && recent.data.items.length > 0 && (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Recent recordings">
            {recent.data.items.map((recording) => (
              <RecordingListItem
                key={recording.id}
                recording={recording}
                onRetry={(id) => retry.mutate(id)}
                retrying={retry.isPending && retry.variables === recording.id}
              />
            ))}
          </ul>
        )}
        {retry.isError && (
          <p role="alert" className="text-sm text-red-900">
            {errorMessage(retry.error)}
          </p>
        )}
      </section>
    </main>
  );
}
