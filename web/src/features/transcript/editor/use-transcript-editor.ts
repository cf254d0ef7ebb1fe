import type { RestructureTranscriptBody, Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { editTranscript, fetchTranscript, restructureTranscript } from '../api/transcript-edits';
import { recordingKeys } from '../../../lib/api/recordings';
import { type SaveStatus, TranscriptAutosave } from './autosave';
import { type Draft, emptyDraft } from './draft';

const browserStorage = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export interface TranscriptEditor {
  /** The recording whose transcript this is ("Remember this voice" names a speaker of it). */
  readonly recordingId: string;
  readonly draft: Draft;
  readonly status: SaveStatus;
  editSegment(index: number, text: string): void;
  renameSpeaker(label: string, name: string): void;
  /** A field lost focus: save now. */
  flush(): void;
  /** After a conflict: drop the local edits and show the newest saved transcript. */
  reloadLatest(): Promise<void>;
  /** After a conflict: save the local edits on top of the newest version. */
  keepMine(): void;
  /** Words or lines to a speaker, merge, split: saved at once as a version of its own. */
  restructure(change: LineChange): Promise<void>;
  /** A change of lines was made since the last text edit: Undo can take it back. */
  readonly canUndo: boolean;
  undo(): Promise<void>;
  /** A change of lines is being saved. */
  readonly busy: boolean;
}

export type LineChange = Exclude<RestructureTranscriptBody['change'], { kind: 'undo' }>;

/**
 * Autosave for the transcript page. Saved transcripts go straight into the query cache, so the read view, the
 * copy button and the word timeline show the edit at once.
 */
export function useTranscriptEditor(
  recordingId: string,
  transcript: Transcript,
  enabled: boolean,
): TranscriptEditor {
  const client = useQueryClient();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const autosave = useRef<TranscriptAutosave | null>(null);
  // The autosave starts from the version on screen when editing becomes possible; later ones come from its saves.
  const version = useRef(transcript.version);
  // Changes of lines made since the last text save, newest last: what Undo can still take back.
  const [undoable, setUndoable] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    version.current = transcript.version;
  }, [transcript.version]);

  useEffect(() => {
    if (!enabled) return;
    const instance = new TranscriptAutosave({
      recordingId,
      version: version.current,
      save: (body) => editTranscript(recordingId, body),
      storage: browserStorage(),
      onSaved: (saved) => {
        client.setQueryData(recordingKeys.transcript(recordingId), saved);
        setUndoable(0);
      },
      onChange: rerender,
    });
    autosave.current = instance;
    rerender();
    const retryNow = () => instance.flush();
    const onHide = () => {
      if (document.visibilityState === 'hidden') instance.flush();
    };
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', onHide);
      instance.stop();
      autosave.current = null;
    };
  }, [client, enabled, recordingId]);

  const reloadLatest = useCallback(async () => {
    const latest = await fetchTranscript(recordingId);
    client.setQueryData(recordingKeys.transcript(recordingId), latest);
    autosave.current?.discard(latest.version);
  }, [client, recordingId]);

  const send = useCallback(
    async (change: RestructureTranscriptBody['change']): Promise<boolean> => {
      const instance = autosave.current;
      if (!instance) return false;
      setBusy(true);
      try {
        await instance.settle();
        if (instance.hasUnsaved) return false;
        const saved = await restructureTranscript(recordingId, { version: instance.version, change });
        client.setQueryData(recordingKeys.transcript(recordingId), saved);
        instance.restructured(saved.version);
        return true;
      } catch (error) {
        instance.failed(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [client, recordingId],
  );

  const current = autosave.current;
  return {
    restructure: async (change) => {
      const before = current?.version;
      if ((await send(change)) && current?.version !== before) setUndoable((n) => n + 1);
    },
    canUndo: undoable > 0,
    undo: async () => {
      if (await send({ kind: 'undo' })) setUndoable((n) => Math.max(0, n - 1));
    },
    busy,
    recordingId,
    draft: current?.draft ?? emptyDraft(transcript.version),
    status: current?.status ?? { kind: 'saved' },
    editSegment: (index, text) => current?.editSegment(index, text),
    renameSpeaker: (label, name) => current?.renameSpeaker(label, name),
    flush: () => current?.flush(),
    reloadLatest,
    keepMine: () => {
      const status = current?.status;
      if (status?.kind === 'conflict') current?.keepMine(status.currentVersion ?? transcript.version);
    },
  };
}
