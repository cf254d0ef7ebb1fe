import type { ResubscribeOptions } from './resubscribing-subscription';
import {
  type AllStreamResolvedEvent,
  type JSONType,
  NO_STREAM,
  type ResolvedEvent,
  START,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { ConcurrencyError, type NewEvent } from '@scrivo/domain';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from './event-store.conformance';
import {
  EventStoreDbEventStore,
  fromEsdbAppendResult,
  fromEsdbEvent,
  isSystemEvent,
  toConcurrencyError,
  toEsdbEvent,
  toEsdbEventId,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
} from './eventstoredb-event-store';

const url = process.env.EVENTSTORE_URL;
describeEventStoreConformance(
  'EventStoreDB',
  url ? async () => EventStoreDbEventStore.fromConnectionString(url) : null,
  'EVENTSTORE_URL not set (no EventStoreDB server can run on this machine)',
);

// No server can run here: the translation between the port and EventStoreDB is specified on its own below.

const uploaded: NewEvent = {
  type: 'RecordingUploaded',
  data: { recordingId: 'rec-1', fileName: 'call.wav', sizeBytes: 1024, tags: ['a'] },
  schemaVersion: 3,
  metadata: {
    eventId: '0b0c3f2e-8f5d-4b8e-9f51-2b2f7a1d9c44',
    correlationId: 'request-7',
    causationId: 'command-9',
    actor: { kind: 'user', id: 'user-1' },
    occurredAt: '2026-05-01T09:00:00.000Z',
  },
};

/** An event as the client hands it back from a $all read: data and metadata went through JSON. */
const asRead = (
  event: NewEvent,
  overrides: { streamId?: string; revision?: bigint; commit?: bigint } = {},
): AllStreamResolvedEvent => {
  const written = toEsdbEvent(event);
  const commit = overrides.commit ?? 1234n;
  return {
    event: {
      streamId: overrides.streamId ?? 'recording-rec-1',
      id: written.id,
      isJson: true,
      revision: overrides.revision ?? 3n,
      type: written.type,
      created: new Date('2026-05-01T09:00:00.010Z'),
      data: JSON.parse(JSON.stringify(written.data)) as JSONType,
      metadata: JSON.parse(JSON.stringify(written.metadata)) as JSONType,
      position: { commit, prepare: commit },
    },
    commitPosition: commit,
  };
};

describe('EventStoreDB mapping', () => {
  describe('expected revisions', () => {
    it('maps the port expectations to the client constants and bigint revisions', () => {
      expect(toEsdbExpectedRevision('any')).toBe('any');
      expect(toEsdbExpectedRevision('no_stream')).toBe('no_stream');
      expect(toEsdbExpectedRevision('stream_exists')).toBe('stream_exists');
      expect(toEsdbExpectedRevision(0)).toBe(0n);
      expect(toEsdbExpectedRevision(41)).toBe(41n);
    });

    it('refuses revisions that cannot exist', () => {
      expect(() => toEsdbExpectedRevision(-1)).toThrow(RangeError);
      expect(() => toEsdbExpectedRevision(1.5)).toThrow(RangeError);
    });
  });

  describe('conflicts', () => {
    it('turns WrongExpectedVersionError into ConcurrencyError with the actual revision', () => {
      const error = new WrongExpectedVersionError(undefined, {
        streamName: 's-1',
        expected: 3n,
        current: 5n,
      });
      const conflict = toConcurrencyError('s-1', 3, error);
      expect(conflict).toBeInstanceOf(ConcurrencyError);
      expect(conflict).toMatchObject({ streamId: 's-1', expected: 3, actual: 5 });
    });

    it('reports a missing stream as actual null', () => {
      const error = new WrongExpectedVersionError(undefined, {
        streamName: 's-2',
        expected: 'stream_exists',
        current: NO_STREAM,
      });
      expect(toConcurrencyError('s-2', 'stream_exists', error)).toMatchObject({
        expected: 'stream_exists',
        actual: null,
      });
    });
  });

  describe('writing events', () => {
    it('writes a JSON event whose metadata carries the envelope and the schema version', () => {
      expect(toEsdbEvent(uploaded)).toEqual({
        id: '0b0c3f2e-8f5d-4b8e-9f51-2b2f7a1d9c44',
        contentType: 'application/json',
        type: 'RecordingUploaded',
        data: uploaded.data,
        metadata: { ...uploaded.metadata, schemaVersion: 3 },
      });
    });

    it('derives a stable UUID from an event id that is not one, so retried appends stay idempotent', () => {
      const id = toEsdbEventId('evt-1');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(toEsdbEventId('evt-1')).toBe(id);
      expect(toEsdbEventId('evt-2')).not.toBe(id);
      expect(toEsdbEventId('0B0C3F2E-8F5D-4B8E-9F51-2B2F7A1D9C44')).toBe(
        '0b0c3f2e-8f5d-4b8e-9f51-2b2f7a1d9c44',
      );
    });
  });

  describe('reading events', () => {
    it('reads back exactly what was written: envelope, schema version, revision and global position', () => {
      expect(fromEsdbEvent(asRead(uploaded, { revision: 3n, commit: 98_765n }))).toEqual({
        streamId: 'recording-rec-1',
        type: 'RecordingUploaded',
        schemaVersion: 3,
        data: uploaded.data,
        metadata: uploaded.metadata,
        streamRevision: 3,
        globalPosition: 98_765,
      });
    });

    it('hides system events, links and binary events', () => {
      const read = asRead(uploaded);
      expect(fromEsdbEvent({ ...read, event: { ...read.event!, type: '$metadata' } })).toBeNull();
      expect(fromEsdbEvent({ ...read, event: { ...read.event!, streamId: '$settings' } })).toBeNull();
      expect(fromEsdbEvent({ commitPosition: 5n })).toBeNull(); // a link whose target was deleted
      const binary = {
        event: { ...read.event!, isJson: false, data: new Uint8Array([1]) },
      } as unknown as AllStreamResolvedEvent;
      expect(fromEsdbEvent(binary)).toBeNull();
      expect(isSystemEvent('$ce-recording', 'RecordingUploaded')).toBe(true);
      expect(isSystemEvent('recording-1', '$>')).toBe(true);
      expect(isSystemEvent('recording-1', 'RecordingUploaded')).toBe(false);
    });

    it('gives events written by other tools (no envelope) a best-effort one at schema version 1', () => {
      const read = asRead(uploaded);
      const foreign = fromEsdbEvent({ ...read, event: { ...read.event!, metadata: undefined } });
      expect(foreign).toMatchObject({
        schemaVersion: 1,
        metadata: {
          eventId: read.event!.id,
          causationId: null,
          actor: { kind: 'system', id: 'unknown' },
          occurredAt: '2026-05-01T09:00:00.010Z',
        },
      });
    });

    it("uses the resolved event's commit position when the record has none, and refuses events with neither", () => {
      const read = asRead(uploaded, { commit: 77n });
      const { position: _position, ...withoutPosition } = read.event!;
      const streamRead = { event: withoutPosition, commitPosition: 77n } as unknown as ResolvedEvent;
      expect(fromEsdbEvent(streamRead)?.globalPosition).toBe(77);
      expect(() => fromEsdbEvent({ event: withoutPosition } as unknown as ResolvedEvent)).toThrow(
        /22\.6 or newer/,
      );
    });
  });

  describe('positions', () => {
    it('maps the append result to the next expected revision and the last event position', () => {
      expect(
        fromEsdbAppendResult({
          success: true,
          nextExpectedRevision: 4n,
          position: { commit: 990n, prepare: 990n },
        }),
      ).toEqual({ nextExpectedRevision: 4, lastPosition: 990 });
      expect(() => fromEsdbAppendResult({ success: true, nextExpectedRevision: 4n })).toThrow();
    });

    it('reads $all from the start, or from the commit position of the checkpoint', () => {
      expect(toEsdbReadPosition(undefined)).toBe(START);
      expect(toEsdbReadPosition(-1)).toBe(START);
      expect(toEsdbReadPosition(4096)).toEqual({ commit: 4096n, prepare: 4096n });
    });
  });

  describe('without a reachable server', () => {
    const unreachable = async (subscriptionRetry: ResubscribeOptions = {}) => {
      // A port that was free a moment ago: connections are refused at once.
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      return EventStoreDbEventStore.fromConnectionString(
        `esdb://127.0.0.1:${port}?tls=false&maxDiscoverAttempts=1&defaultDeadline=2000`,
        subscriptionRetry,
      );
    };

    it('fails reads and appends with the connection error: an unreachable stream is not an empty one', async () => {
      const store = await unreachable();
      await expect(store.readStream('recording-1')).rejects.toThrow(/UNAVAILABLE/);
      await expect(store.readAll({ maxCount: 10 })).rejects.toThrow(/UNAVAILABLE/);
      await expect(store.headPosition()).rejects.toThrow(/UNAVAILABLE/);
      await expect(store.append('recording-1', [uploaded], { expectedRevision: 'any' })).rejects.toThrow(
        /UNAVAILABLE/,
      );
      await store.close();
    });

    it('keeps a subscription that cannot connect trying again, with backoff, until it is stopped', async () => {
      const drops: number[] = [];
      const errors: unknown[] = [];
      const store = await unreachable({
        initialDelayMs: 50,
        maxDelayMs: 200,
        onDrop: (_, n) => drops.push(n),
      });
      const subscription = store.subscribeToAll({ onEvent: async () => {}, onError: (e) => errors.push(e) });
      await expect.poll(() => drops.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await subscription.stop();
      expect(errors).toEqual([]);
      await store.close();
    }, 60_000);
  });
});
