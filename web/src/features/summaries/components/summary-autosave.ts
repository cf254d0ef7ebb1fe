import type { SummaryContent } from '@scrivo/contracts/summaries/summaries.contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';

export type SummarySaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'conflict' }
  | { kind: 'error'; message: string };

/**
 * Saves the summary about a second after typing pauses, one request at a time, with the revision it started
 * from; the revision the server answers is the base of the next save. A save from an old revision is a
 * conflict the user resolves by reloading.
 */
export const useSummaryAutosave = (
  initialRevision: number,
  save: (content: SummaryContent, revision: number) => Promise<{ revision: number }>,
  delayMs = 900,
) => {
  const [status, setStatus] = useState<SummarySaveStatus>({ kind: 'saved' });
  const revision = useRef(initialRevision);
  const pending = useRef<SummaryContent | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef(false);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (saving.current || !pending.current) return;
    const content = pending.current;
    pending.current = null;
    saving.current = true;
    setStatus({ kind: 'saving' });
    try {
      const saved = await save(content, revision.current);
      revision.current = saved.revision;
      setStatus(pending.current ? { kind: 'pending' } : { kind: 'saved' });
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) setStatus({ kind: 'conflict' });
      else {
        pending.current ??= content;
        setStatus({
          kind: 'error',
          message: error instanceof HttpError ? error.serverMessage : 'Saving failed. Check your connection.',
        });
      }
    } finally {
      saving.current = false;
    }
    if (pending.current) timer.current = setTimeout(() => void flush(), delayMs);
  }, [save, delayMs]);

  const change = useCallback(
    (content: SummaryContent) => {
      pending.current = content;
      setStatus({ kind: 'pending' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [flush, delayMs],
  );

  // Leaving the page (or the summary tab) saves what is still waiting.
  useEffect(
    () => () => {
      void flush();
    },
    [flush],
  );

  return { status, change, flush, resetRevision: (r: number) => (revision.current = r) };
};
