import {
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventName,
  WebhookEventName as WebhookEventNames,
} from '@scrivo/contracts/webhooks/webhooks.contract';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { QueryList } from '../../components/query-list';
import { ShownOnceSecret } from '../../components/shown-once-secret';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from './api/webhooks';
import { Button } from '../../components/ui/button';
import { Checkbox, Input } from '../../components/ui/input';

const EVENT_LABELS: Record<WebhookEventName, string> = {
  'transcription.completed': 'Transcription completed',
  'transcription.failed': 'Transcription failed',
  'summary.ready': 'Summary ready',
};

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }) : '';

/** Developer > Webhooks: receivers for events, their signing secret (shown once), deliveries, "Send test". */
export function WebhooksSection() {
  const id = useId();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventName[]>([...WebhookEventNames.options]);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (result) => {
          setCreated(result);
          setUrl('');
        },
      },
    );
  };
  const toggle = (name: WebhookEventName, on: boolean) =>
    setEvents((current) => (on ? [...current, name] : current.filter((e) => e !== name)));

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="mb-1 font-semibold">Webhooks</h3>
      <p className="mb-3 text-sm text-slate-600">
        Scrivo POSTs signed JSON to your server when a transcription completes or fails. Check the{' '}
        <code className="rounded bg-slate-100 px-1">Scrivo-Signature</code> header with the secret (see the{' '}
        <Link to="/help" hash="using-the-api" className="text-brand-700 underline">
          webhooks guide
        </Link>
        ).
      </p>
      <form onSubmit={submit} className="mb-3 flex flex-col gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${id}-url`}>
          Receiver address
          <Input
            id={`${id}-url`}
            type="url"
            required
            maxLength={2000}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/hooks/scrivo"
            className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Events</legend>
          {WebhookEventNames.options.map((name) => (
            <label key={name} className="flex items-center gap-2">
              <Checkbox checked={events.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
              {EVENT_LABELS[name]}
            </label>
          ))}
        </fieldset>
        <Button
          variant="unstyled"
          type="submit"
          disabled={create.isPending || events.length === 0}
          className="self-start rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {create.isPending ? 'Adding…' : 'Add webhook'}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="mb-3 text-sm text-red-900">
          {errorMessage(create.error)}
        </p>
      )}
      {created && (
        <ShownOnceSecret testId="created-webhook" label="Signing secret" secret={created.secret}>
          Copy the signing secret of {created.webhook.url} now: it is shown only this once.
        </ShownOnceSecret>
      )}
      <QueryList query={webhooks} loadingLabel="Loading webhooks…" emptyText="No webhooks yet.">
        {(webhook) => <WebhookRow key={webhook.id} webhook={webhook} />}
      </QueryList>
    </div>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const remove = useDeleteWebhook();
  const test = useSendTestWebhook(webhook.id);
  const [open, setOpen] = useState(false);
  return (
    <li className="py-2" data-testid="webhook">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium">{webhook.url}</p>
          <p className="text-slate-600">{webhook.events.map((e) => EVENT_LABELS[e]).join(' · ')}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="unstyled"
            onClick={() => {
              setOpen(true);
              test.mutate();
            }}
            disabled={test.isPending}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
          >
            Send test
          </Button>
          <Button
            variant="unstyled"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
          >
            Deliveries
          </Button>
          <Button
            variant="unstyled"
            onClick={() => remove.mutate(webhook.id)}
            disabled={remove.isPending}
            className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
          >
            Delete
          </Button>
        </div>
      </div>
      {(test.isError || remove.isError) && (
        <p role="alert" className="mt-1 text-sm text-red-900">
          {errorMessage(test.error ?? remove.error)}
        </p>
      )}
      {open && <Deliveries webhookId={webhook.id} />}
    </li>
  );
}

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) return <Spinner label="Loading deliveries…" />;
  if (deliveries.isError)
    return (
      <p role="alert" className="text-sm text-red-900">
        {errorMessage(deliveries.error)}
      </p>
    );
  if (deliveries.data.items.length === 0)
    return <p className="mt-2 text-sm text-slate-600">Nothing sent yet.</p>;
  return (
    <table className="mt-2 w-full text-left text-sm" aria-label="Deliveries">
      <thead className="text-slate-500">
        <tr>
          <th className="py-1 font-medium">Event</th>
          <th className="py-1 font-medium">Status</th>
          <th className="py-1 font-medium">Response</th>
          <th className="py-1 font-medium">Attempts</th>
          <th className="py-1 font-medium">Last attempt</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.items.map((d) => (
          <tr key={d.id} data-testid="webhook-delivery" className="border-t border-slate-100">
            <td className="py-1">{d.event}</td>
            <td className="py-1">
              {d.attempts === 0 ? 'Sending' : STATUS_LABELS[d.status]}
              {d.status === 'pending' && d.attempts > 0 && d.nextAttemptAt && (
                <span className="text-slate-500"> (next {when(d.nextAttemptAt)})</span>
              )}
            </td>
            <td className="py-1">{d.statusCode ?? d.error ?? '—'}</td>
            <td className="py-1">{d.attempts}</td>
            <td className="py-1">{when(d.lastAttemptAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
