import type { Recording } from '@scrivo/contracts';
import type { Session } from './client';
import { refusal } from './errors';

const FINAL = new Set(['completed', 'failed', 'cancelled', 'unreadable']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const getRecording = async (session: Session, id: string): Promise<Recording> => {
  const answer = await session.api.recordings.get({ params: { id } });
  if (answer.status !== 200) throw refusal(`Recording ${id}`, answer.status, answer.body);
  return answer.body;
};

/** Asks where the recording stands until it is done (completed, failed, cancelled or unreadable). */
export const untilFinished = async (
  session: Session,
  id: string,
  onStatus: (recording: Recording) => void = () => undefined,
  intervalMs = 2000,
): Promise<Recording> => {
  for (;;) {
    const recording = await getRecording(session, id);
    onStatus(recording);
    if (FINAL.has(recording.status)) return recording;
    await sleep(intervalMs);
  }
};
