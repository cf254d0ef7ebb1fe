import type { AuditEvent } from '@scrivo/contracts';
import { useEffect, useRef, useState } from 'react';
import { exportHref, useStreamEvents, useStreamState } from './api/audit';
import { MomentPanel } from './components/moment-panel';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'null';
const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/**
 * One stream's history: its events in order on the left, the state the stream's decider built up to the chosen
 * step on the right, and what that step changed. Step with the buttons, the left and right arrow keys or the slider.
 */
export function StreamView({ streamId }: { streamId: string }) {
  const events = useStreamEvents(streamId);
  const loaded: AuditEvent[] = events.data?.pages.flatMap((p) => p.events) ?? [];
  const total = events.data?.pages[0]?.total ?? 0;
  const [step, setStep] = useState(0);
  const state = useStreamState(streamId, step, total > 0);
  const last = Math.max(0, total - 1);
  const go = (to: number) => setStep(Math.min(last, Math.max(0, to)));

  // A step past the events listed so far loads the pages up to it.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  useEffect(() => {
    if (step >= loaded.length && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [step, loaded.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const goRef = useRef(go);
  goRef.current = go;
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Typing in a field (or moving the slider, which steps by itself) is not a step.
      const target = event.target;
      if (target instanceof HTMLElement && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (event.key === 'ArrowRight') goRef.current(stepRef.current + 1);
      else if (event.key === 'ArrowLeft') goRef.current(stepRef.current - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The chosen event stays in view in the list (found by its aria-current, so no ref moves between rows).
  const list = useRef<HTMLOListElement | null>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest' });
  }, [step, loaded.length]);

  if (events.isPending) return <p className="text-sm text-slate-500">Loading the history...</p>;
  if (events.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        The history could not be read: {events.error.message}
      </p>
    );
  const answer = state.data;

  return (
    <section
      aria-label={`History of ${streamId}`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-base font-semibold">
          <code>{streamId}</code> <span className="text-sm font-normal text-slate-500">({total} events)</span>
        </h2>
        <a
          className="rounded-lg border border-slate-300 px-3 py-1 text-sm"
          href={exportHref(streamId, 'jsonl')}
          download
        >
          Export JSON Lines
        </a>
        <a
          className="rounded-lg border border-slate-300 px-3 py-1 text-sm"
          href={exportHref(streamId, 'pdf')}
          download
        >
          Export PDF report
        </a>
      </header>
      {total === 0 ? (
        <p className="text-sm text-slate-500">This stream has no events.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2" aria-label="Time travel">
            <Button
              variant="unstyled"
              className="rounded border px-2 py-1 text-sm"
              onClick={() => go(0)}
              disabled={step === 0}
            >
              First
            </Button>
            <Button
              variant="unstyled"
              className="rounded border px-2 py-1 text-sm"
              onClick={() => go(step - 1)}
              disabled={step === 0}
            >
              Previous
            </Button>
            <Button
              variant="unstyled"
              className="rounded border px-2 py-1 text-sm"
              onClick={() => go(step + 1)}
              disabled={step >= last}
            >
              Next
            </Button>
            <Button
              variant="unstyled"
              className="rounded border px-2 py-1 text-sm"
              onClick={() => go(last)}
              disabled={step >= last}
            >
              Last
            </Button>
            <Input
              type="range"
              aria-label="Step"
              min={0}
              max={last}
              value={step}
              onChange={(e) => go(Number(e.target.value))}
              className="min-w-48 flex-1"
            />
            <span data-testid="step-label" className="text-sm tabular-nums">
              Step {step + 1} of {total}
            </span>
          </div>
          <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200">
              <ol aria-label="Events" ref={list}>
                {loaded.map((e) => (
                  <li
                    key={e.eventId}
                    aria-current={e.revision === step ? 'step' : undefined}
                    className={`cursor-pointer border-b border-slate-100 px-2 py-1 text-xs ${e.revision === step ? 'bg-brand-100' : 'hover:bg-slate-50'}`}
                    onClick={() => go(e.revision)}
                  >
                    <div className="flex gap-2">
                      <span className="tabular-nums text-slate-500">#{e.revision}</span>
                      <span className="font-medium">{e.type}</span>
                      <span className="text-slate-500">v{e.schemaVersion}</span>
                      <span className="ml-auto text-slate-500">{e.occurredAt}</span>
                    </div>
                    <div className="text-slate-500">
                      {e.actor.kind}:{e.actor.id} · corr {e.correlationId} · cause {e.causationId ?? '-'}
                    </div>
                  </li>
                ))}
              </ol>
              {events.hasNextPage && (
                <Button
                  variant="unstyled"
                  className="w-full py-2 text-sm underline"
                  onClick={() => void events.fetchNextPage()}
                >
                  {events.isFetchingNextPage ? 'Loading...' : 'Load more events'}
                </Button>
              )}
            </div>
            <div className="space-y-3" aria-label="State at this step">
              {answer && (
                <>
                  <div>
                    <h3 className="text-sm font-semibold">
                      Event #{answer.event.revision}:{' '}
                      <span data-testid="step-event-type">{answer.event.type}</span>
                    </h3>
                    <pre className="max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs">
                      {json(answer.event.data)}
                    </pre>
                  </div>
                  {answer.moment && <MomentPanel moment={answer.moment} />}
                  <div>
                    <h3 className="text-sm font-semibold">What this event changed</h3>
                    {answer.changes.length === 0 ? (
                      <p className="text-xs text-slate-500">
                        {answer.folded ? 'Nothing in the state.' : 'No decider folds this stream.'}
                      </p>
                    ) : (
                      <ul aria-label="Changes" className="text-xs">
                        {answer.changes.map((c) => (
                          <li key={c.path}>
                            <code>{c.path}</code>:{' '}
                            <span className="text-red-700 line-through">{short(c.before)}</span> →{' '}
                            <span className="text-green-700">{short(c.after)}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div>
                    <h3 className="text-sm font-semibold">State after this event</h3>
                    <pre
                      data-testid="state-json"
                      className="max-h-96 overflow-auto rounded bg-slate-50 p-2 text-xs"
                    >
                      {json(answer.state)}
                    </pre>
                  </div>
                </>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
