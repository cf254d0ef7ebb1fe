import type { Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { api, ok } from '../../../lib/api-client';
import { recordingKeys } from '../../recordings/api/recordings-queries';
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
}

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
  useEffect(() => {
    version.current = transcript.version;
  }, [transcript.version]);

  useEffect(() => {
    if (!enabled) return;
    const instance = new TranscriptAutosave({
      recordingId,
      version: version.current,
      save: (body) => ok(api.recordings.editTranscript({ params: { id: recordingId }, body })),
      storage: browserStorage(),
      onSaved: (saved) => client.setQueryData(recordingKeys.transcript(recordingId), saved),
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
    const latest = await ok(api.recordings.transcript({ params: { id: recordingId } }));
    client.setQueryData(recordingKeys.transcript(recordingId), latest);
    autosave.current?.discard(latest.version);
  }, [client, recordingId]);

  const current = autosave.current;
  return {
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
