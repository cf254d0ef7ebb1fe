import {
  RECORDING_EVENTS_PATH,
  type Recording,
  type RecordingList,
} from '@scrivo/contracts/recordings/recordings.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { applyRecording, recordingKeys } from './recordings';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Keeps every cached recording current from the server-sent event stream. Events are notifications, not the
 * truth: after each connect the cached lists and recordings are fetched again, because the stream does not replay
 * what happened while it was down. That includes the first connect: a page opened from another (the live view's
 * "Open the recording") shows the cached recording without fetching it, and the other page's stream closed
 * before this one opened, so a job that finished in between would otherwise never show. EventSource reconnects
 * by itself.
 */
export const useRecordingEvents = (): LiveState => {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    let attempts = 0;

    const onReady = () => {
      attempts = 0;
      setState('live');
      if (connectedBefore) void client.invalidateQueries({ queryKey: recordingKeys.all });
      else {
        // A finished transcript does not change while no stream is open; where its recording stands does.
        void client.invalidateQueries({ queryKey: recordingKeys.lists() });
        void client.invalidateQueries({ queryKey: recordingKeys.ones() });
      }
      connectedBefore = true;
    };
    const onRecording = (event: MessageEvent<string>) => {
      const data = parse<{ recording: Recording }>(event.data);
      if (!data?.recording) return;
      const known = client.getQueryData<Recording>(recordingKeys.one(data.recording.id));
      applyRecording(client, data.recording);
      const inAList = client
        .getQueriesData<RecordingList>({ queryKey: recordingKeys.lists() })
        .some(([, list]) => list?.items.some((item) => item.id === data.recording.id));
      // A recording no list has seen yet (uploaded from another tab): lists must be fetched to show it.
      if (!known && !inAList) void client.invalidateQueries({ queryKey: recordingKeys.lists() });
      if (data.recording.status === 'completed') {
        void client.invalidateQueries({ queryKey: recordingKeys.transcript(data.recording.id) });
      }
      if (data.recording.status !== 'transcribing' && data.recording.status !== 'uploading') {
        void client.invalidateQueries({ queryKey: recordingKeys.usage });
      }
    };
    const onRemoved = () => void client.invalidateQueries({ queryKey: recordingKeys.all });
    const connect = () => {
      source = new EventSource(RECORDING_EVENTS_PATH, { withCredentials: true });
      source.addEventListener('ready', onReady);
      source.addEventListener('recording', onRecording);
      source.addEventListener('removed', onRemoved);
      source.addEventListener('error', () => {
        setState('reconnecting');
        // The browser retries a dropped stream by itself, but gives up on an error answer: retry then, slower
        // each time (up to 30 s).
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          attempts += 1;
          retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(attempts, 5)));
        }
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [client]);

  return state;
};

const parse = <T>(text: string): T | null => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};
