import { systemClock } from '@scrivo/adapters/system/system-clock';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { voicesDecider, voicesStream } from '@scrivo/domain/voices';
import { loadConfig } from '../../src/config/config';
import { openEventStore } from '../../src/infrastructure/adapters.factory';
import { StreamRunner } from '../../src/infrastructure/stream-runner';

/**
 * A remembered voice written as `POST /api/voices` writes it once the speech engine has made the print (`print`, as
 * the events keep it): by another process on the same data folder's event store and keys, beside an API that runs
 * there. For the tests of what happens to a voice afterwards (erasure), which need no speech engine.
 */
export const voiceRememberedBeside = async (
  dataDir: string,
  voice: {
    readonly userId: string;
    readonly recordingId: string;
    readonly name: string;
    readonly print: string;
  },
): Promise<void> => {
  const events = await openEventStore(loadConfig({ NODE_ENV: 'test', SCRIVO_DATA_DIR: dataDir }));
  try {
    const runner = new StreamRunner({ store: events, clock: systemClock, ids: uuidIds });
    await runner.run(
      voicesDecider,
      voicesStream(voice.userId),
      { type: 'RememberVoice', voiceId: uuidIds.next(), now: runner.now(), ...voice },
      { actor: { kind: 'user', id: voice.userId } },
    );
  } finally {
    await events.close();
  }
};
