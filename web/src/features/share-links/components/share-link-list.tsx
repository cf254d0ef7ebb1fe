import type { ShareLink } from '@scrivo/contracts/share-links/share-links.contract';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useRevokeShareLink, useShareLinks } from '../api/share-links';
import { Button } from '../../../components/ui/button';

const date = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const describe = (link: ShareLink): string =>
  [
    link.includeMedia ? (link.allowDownload ? 'media, download' : 'media') : 'transcript only',
    link.hasPassword ? 'password' : null,
    link.expiresAt ? `expires ${date(link.expiresAt)}` : 'no expiry',
  ]
    .filter(Boolean)
    .join(' · ');

/** The recording's links, newest first, with their views; active ones can be turned off. */
export function ShareLinkList({ recordingId }: { recordingId: string }) {
  const links = useShareLinks(recordingId, true);
  const revoke = useRevokeShareLink(recordingId);
  if (links.isPending) return <Spinner label="Loading links…" />;
  if (links.isError)
    return (
      <p role="alert" className="text-sm text-red-900">
        {errorMessage(links.error)}
      </p>
    );
  if (links.data.items.length === 0) return <p className="text-sm text-slate-600">No links yet.</p>;
  return (
    <section aria-labelledby="share-links-heading" className="flex flex-col gap-2">
      <h3 id="share-links-heading" className="text-sm font-semibold">
        Links
      </h3>
      <ul className="flex max-h-64 flex-col divide-y divide-slate-100 overflow-y-auto">
        {links.data.items.map((link) => (
          <li key={link.id} className="flex items-center justify-between gap-3 py-2" data-testid="share-link">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                Created {date(link.createdAt)}{' '}
                {link.status !== 'active' && (
                  <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                    {link.status === 'revoked' ? 'Turned off' : 'Expired'}
                  </span>
                )}
              </p>
              <p className="text-slate-600">
                {describe(link)} · {link.views} {link.views === 1 ? 'view' : 'views'}
              </p>
            </div>
            {link.status === 'active' && (
              <Button
                variant="unstyled"
                onClick={() => revoke.mutate(link.id)}
                disabled={revoke.isPending}
                className="shrink-0 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
              >
                Turn off
              </Button>
            )}
          </li>
        ))}
      </ul>
      {revoke.isError && (
        <p role="alert" className="text-sm text-red-900">
          {errorMessage(revoke.error)}
        </p>
      )}
    </section>
  );
}
