import type { DataExport } from '@scrivo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../lib/errors';
import { Button } from '../../components/ui/button';
import { dataExportsQueryKey, exportsApi } from './api/privacy';

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1_048_576
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${(bytes / 1_048_576).toFixed(1)} MB`;

/** /data-privacy: Download my data, built in the background with its progress, then a link that expires. */
export function DownloadDataSection() {
  const queryClient = useQueryClient();
  const exports = useQuery({
    queryKey: dataExportsQueryKey,
    queryFn: exportsApi.list,
    // Follow an archive while it is being built.
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'building') ? 1000 : false),
  });
  const request = useMutation({
    mutationFn: exportsApi.request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
  const latest: DataExport | undefined = exports.data?.[0];
  const building = latest?.status === 'building';

  return (
    <section aria-labelledby="download-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="download-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Download my data
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        A zip archive of your account, every recording (the file you uploaded and its transcript as JSON and
        text), your plan and billing history and your sign-in history. It is built in the background; we email
        you when it is ready, and the download link works for 24 hours.
      </p>
      {latest && building ? (
        <div className="mb-4 space-y-1 text-sm">
          <p>Preparing your archive...</p>
          <progress
            aria-label="Archive progress"
            max={100}
            value={Math.round(latest.progress * 100)}
            className="h-2 w-full"
          />
        </div>
      ) : null}
      {latest?.status === 'ready' && latest.downloadUrl ? (
        <p className="mb-4 text-sm">
          <a href={latest.downloadUrl} download className="font-medium text-brand-600 hover:underline">
            Download the archive ({size(latest.sizeBytes)})
          </a>{' '}
          <span className="text-slate-500">
            · the link expires {new Date(latest.expiresAt ?? '').toLocaleString()}
          </span>
        </p>
      ) : null}
      {latest?.status === 'expired' ? (
        <p className="mb-4 text-sm text-slate-500">The last archive's link has expired.</p>
      ) : null}
      {latest?.status === 'failed' ? (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {latest.error ?? 'The archive could not be built.'}
        </p>
      ) : null}
      {request.error ? (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {serverMessage(request.error, 'Could not start the archive')}
        </p>
      ) : null}
      <Button className="sm:w-auto" disabled={building || request.isPending} onClick={() => request.mutate()}>
        {latest && latest.status !== 'building' ? 'Prepare a new archive' : 'Download my data'}
      </Button>
    </section>
  );
}
