import type { Recording } from '@scrivo/contracts';
import { connect, reachable } from '../client';
import { refusal } from '../errors';
import { getRecording } from '../wait';

const minutes = (seconds: number | null) => (seconds === null ? '' : `${Math.round(seconds / 6) / 10} min`);
const percent = (recording: Recording) =>
  recording.status === 'completed' ? '' : ` ${Math.round(recording.progress * 100)}%`;

/** One line per recording: id, status, length, title (newest first). */
export const list = async (options: { query?: string; limit: number }): Promise<void> => {
  const session = await connect();
  const answer = await reachable(session.login.url, () =>
    session.api.recordings.list({ query: { pageSize: options.limit, q: options.query } }),
  );
  if (answer.status !== 200) throw refusal('List', answer.status, answer.body);
  for (const r of answer.body.items)
    console.log([r.id, `${r.status}${percent(r)}`, minutes(r.durationSeconds), r.title].join('\t'));
};

export const status = async (id: string): Promise<void> => {
  const session = await connect();
  const r = await reachable(session.login.url, () => getRecording(session, id));
  console.log(`${r.title}\n  id: ${r.id}\n  status: ${r.status}${percent(r)}`);
  if (r.durationSeconds !== null) console.log(`  length: ${minutes(r.durationSeconds)}`);
  if (r.language) console.log(`  language: ${r.language}`);
  if (r.error) console.log(`  error: ${r.error.message}`);
};
