/** What the staff commands (add-admin, add-auditor) share: the hidden password prompt and the event store. */
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { EventStore } from '@scrivo/domain';
import type { EmailStreamNames } from '@scrivo/domain/accounts';
import { loadConfig } from '../../config/config';
import { emailStreamNamesFor } from '../support/email-keyer';

/** The keyed names of an address's streams, with the server's secret (from the environment or the data folder). */
export const staffEmailStreams = (): EmailStreamNames => emailStreamNamesFor(loadConfig());

export const askHidden = (question: string): Promise<string> =>
  new Promise((done) => {
    let muted = false;
    const output = new Writable({
      write(chunk, _encoding, callback) {
        if (!muted) process.stdout.write(chunk);
        callback();
      },
    });
    const rl = createInterface({ input: process.stdin, output, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      done(answer);
    });
    muted = true;
  });

export const openStore = async (): Promise<EventStore> => {
  if (process.env.SCRIVO_EVENT_STORE === 'eventstoredb') {
    const modulePath = '@scrivo/adapters/events/eventstoredb-event-store';
    const { EventStoreDbEventStore } = (await import(modulePath)) as {
      EventStoreDbEventStore: { fromConnectionString(url: string): EventStore };
    };
    return EventStoreDbEventStore.fromConnectionString(process.env.EVENTSTORE_URL ?? '');
  }
  const { SqliteEventStore } = await import('@scrivo/adapters/events/sqlite-event-store');
  return new SqliteEventStore({ path: join(resolve(process.env.SCRIVO_DATA_DIR ?? './.data'), 'events.db') });
};
