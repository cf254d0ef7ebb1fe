import { systemClock } from '@scrivo/adapters/system/system-clock';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { loadConfig } from '../../../src/config/config';
import { openEventStore } from '../../../src/infrastructure/adapters.factory';
import { StreamRunner } from '../../../src/infrastructure/stream-runner';
import { startedAsWorker } from './test-worker';

/**
 * A one-line transcript of `text` whose one timed word is `word`, written as the job worker writes it: another
 * process on the same data folder's event store and keys, beside an API that runs there.
 */
export const transcribedBeside = async (
  dataDir: string,
  recordingId: string,
  line: { readonly text: string; readonly word: string; readonly speaker?: string },
): Promise<void> => {
  const { text, word, speaker = null } = line;
  const events = await openEventStore(loadConfig({ NODE_ENV: 'test', SCRIVO_DATA_DIR: dataDir }));
  try {
    const runner = new StreamRunner({ store: events, clock: systemClock, ids: uuidIds });
    await (
      await startedAsWorker(runner, recordingId)
    ).complete({
      language: 'en',
      languageProbability: 0.9,
      durationSeconds: 11,
      text,
      engine: 'test',
      segments: [
        { id: 0, start: 0, end: 2, text, speaker, words: [{ start: 0, end: 1, text: word, probability: 1 }] },
      ],
    });
  } finally {
    await events.close();
  }
};
