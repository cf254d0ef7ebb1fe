import type { StreamSummary } from '@scrivo/contracts';
import { type FormEvent, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import {
  type SearchBy,
  type SearchRequest,
  STREAM_KINDS,
  useAuditorGate,
  useAuditorSignOut,
  useStreamSearch,
} from './api/audit';
import { CorrelatedEvents } from './components/correlated-events';
import { StreamView } from './stream-view';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

const SEARCH_LABELS: Record<SearchBy, { label: string; placeholder: string }> = {
  stream: { label: 'Stream kind and id', placeholder: 'the id after the kind, e.g. a recording id' },
  email: { label: "A user's email", placeholder: 'person@example.com' },
  chat: { label: 'Chat session (last 8 characters)', placeholder: 'as the admin queue shows it' },
  correlation: { label: 'Correlation id', placeholder: 'all events of one request' },
};

const SEARCH_BYS = Object.keys(SEARCH_LABELS).filter((key): key is SearchBy => key in SEARCH_LABELS);
const searchByOf = (value: string): SearchBy => SEARCH_BYS.find((key) => key === value) ?? 'stream';

/** /audit: find streams, open one, step through its history with the state beside it. */
export function AuditPage() {
  const authed = useAuditorGate();
  const signOut = useAuditorSignOut();
  const [by, setBy] = useState<SearchBy>('stream');
  const [kind, setKind] = useState<string>('recording');
  const [text, setText] = useState('');
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const results = useStreamSearch(authed ? request : null);
  if (!authed) return <Spinner />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setOpen(null);
    setRequest({ by, q, ...(by === 'stream' ? { kind } : {}) });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <nav
        aria-label="Audit"
        className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2"
      >
        <span className="font-bold text-slate-900">Scrivo audit</span>
        <span className="text-xs text-slate-500">read-only · your reads are recorded</span>
        <Button
          variant="unstyled"
          onClick={() => void signOut()}
          className="ml-auto rounded-lg border border-slate-300 px-3 py-1 text-sm"
        >
          Sign out
        </Button>
      </nav>
      <main className="mx-auto max-w-7xl space-y-4 p-4">
        <form onSubmit={submit} aria-label="Find streams" className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block text-slate-600">Find by</span>
            <select
              aria-label="Find by"
              value={by}
              onChange={(e) => setBy(searchByOf(e.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-2 py-2"
            >
              {SEARCH_BYS.map((key) => (
                <option key={key} value={key}>
                  {SEARCH_LABELS[key].label}
                </option>
              ))}
            </select>
          </label>
          {by === 'stream' && (
            <label className="text-sm">
              <span className="block text-slate-600">Kind</span>
              <select
                aria-label="Stream kind"
                value={kind}
                onChange={(e) => setKind(e.target.value)}
                className="rounded-lg border border-slate-300 bg-white px-2 py-2"
              >
                {STREAM_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="min-w-64 flex-1 text-sm">
            <span className="block text-slate-600">{SEARCH_LABELS[by].label}</span>
            <Input
              aria-label="Search for"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={SEARCH_LABELS[by].placeholder}
              className="w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <Button
            variant="unstyled"
            type="submit"
            className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white"
          >
            Find
          </Button>
        </form>
        {results.isError && (
          <p role="alert" className="text-sm text-red-600">
            The search failed: {results.error.message}
          </p>
        )}
        {results.data && (
          <section aria-label="Streams found" className="rounded-xl border border-slate-200 bg-white">
            {results.data.streams.length === 0 ? (
              <p className="p-3 text-sm text-slate-500">No stream found.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {results.data.streams.map((s) => (
                  <StreamRow key={s.streamId} stream={s} active={open === s.streamId} onOpen={setOpen} />
                ))}
              </ul>
            )}
            {results.data.events && <CorrelatedEvents events={results.data.events} onOpen={setOpen} />}
          </section>
        )}
        {open && <StreamView key={open} streamId={open} />}
      </main>
    </div>
  );
}

function StreamRow({
  stream,
  active,
  onOpen,
}: {
  stream: StreamSummary;
  active: boolean;
  onOpen: (streamId: string) => void;
}) {
  return (
    <li className={`flex items-center gap-3 px-3 py-2 text-sm ${active ? 'bg-brand-50' : ''}`}>
      <span className="w-28 shrink-0 rounded bg-slate-100 px-2 py-0.5 text-center text-xs">
        {stream.kind ?? '?'}
      </span>
      <code className="min-w-0 flex-1 truncate">{stream.streamId}</code>
      <span className="text-xs text-slate-500">
        {stream.eventCount} events · last {stream.lastType}
      </span>
      <Button
        variant="unstyled"
        onClick={() => onOpen(stream.streamId)}
        className="rounded-lg border border-slate-300 px-3 py-1"
        aria-label={`Open ${stream.streamId}`}
      >
        Open
      </Button>
    </li>
  );
}
