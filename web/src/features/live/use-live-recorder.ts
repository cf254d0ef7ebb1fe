import { useEffect, useState, useSyncExternalStore } from 'react';
import { LiveRecorder, type LiveState } from './live-recorder';

/** One recorder for the page's lifetime; its state re-renders the view as it changes. */
export const useLiveRecorder = (): { recorder: LiveRecorder; state: LiveState } => {
  const [recorder] = useState(() => new LiveRecorder());
  const state = useSyncExternalStore(recorder.subscribe, recorder.snapshot, recorder.snapshot);
  useEffect(() => () => recorder.dispose(), [recorder]);
  return { recorder, state };
};
