import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from './events';
import { UpcasterRegistry } from './upcasters';

const recorded = (type: string, schemaVersion: number, data: unknown): RecordedEvent => ({
  streamId: 'recording-1',
  type,
  schemaVersion,
  data,
  metadata: {
    eventId: 'event-1',
    correlationId: 'correlation-1',
    causationId: null,
    actor: { kind: 'user', id: 'user-1' },
    occurredAt: '2026-01-01T00:00:00.000Z',
  },
  streamRevision: 0,
  globalPosition: 0,
});

// RecordingUploaded v1 had `name`; v2 renamed it to `fileName`; v3 added `sizeBytes` (unknown for old events).
const registry = () =>
  new UpcasterRegistry()
    .register('RecordingUploaded', 1, (data) => {
      const { name, ...rest } = data as { name: string };
      return { ...rest, fileName: name };
    })
    .register('RecordingUploaded', 2, (data) => ({ ...(data as object), sizeBytes: null }));

describe('UpcasterRegistry', () => {
  it('reads a v1 event as the current v3 shape by chaining v1->v2->v3', () => {
    const event = registry().upcast(recorded('RecordingUploaded', 1, { name: 'call.wav' }));
    expect(event.schemaVersion).toBe(3);
    expect(event.data).toEqual({ fileName: 'call.wav', sizeBytes: null });
  });

  it('starts the chain at the stored version (a v2 event only goes through v2->v3)', () => {
    const event = registry().upcast(recorded('RecordingUploaded', 2, { fileName: 'call.wav' }));
    expect(event).toMatchObject({ schemaVersion: 3, data: { fileName: 'call.wav', sizeBytes: null } });
  });

  it('keeps the envelope (stream, positions, metadata) and never mutates the stored event', () => {
    const stored = recorded('RecordingUploaded', 1, { name: 'call.wav' });
    const snapshot = JSON.parse(JSON.stringify(stored)) as RecordedEvent;
    const event = registry().upcast(stored);
    expect(stored).toEqual(snapshot);
    expect({ ...event, data: undefined, schemaVersion: undefined }).toEqual({
      ...stored,
      data: undefined,
      schemaVersion: undefined,
    });
  });

  it('returns an event already at the current version as it is', () => {
    const stored = recorded('RecordingUploaded', 3, { fileName: 'call.wav', sizeBytes: 10 });
    expect(registry().upcast(stored)).toBe(stored);
  });

  it('leaves event types without upcasters alone', () => {
    const stored = recorded('RecordingDeleted', 1, {});
    expect(registry().upcast(stored)).toBe(stored);
  });

  it('reports the version new events are written with: one past the last upcaster, 1 without any', () => {
    const upcasters = registry();
    expect(upcasters.currentVersion('RecordingUploaded')).toBe(3);
    expect(upcasters.currentVersion('RecordingDeleted')).toBe(1);
  });

  it('does not depend on the order upcasters are registered in', () => {
    const upcasters = new UpcasterRegistry()
      .register('RecordingUploaded', 2, (data) => ({ ...(data as object), sizeBytes: null }))
      .register('RecordingUploaded', 1, (data) => ({ fileName: (data as { name: string }).name }));
    expect(upcasters.currentVersion('RecordingUploaded')).toBe(3);
    expect(upcasters.upcast(recorded('RecordingUploaded', 1, { name: 'a.wav' })).data).toEqual({
      fileName: 'a.wav',
      sizeBytes: null,
    });
  });

  it('refuses a second upcaster for the same type and version', () => {
    expect(() => registry().register('RecordingUploaded', 1, (data) => data)).toThrow(
      'An upcaster for RecordingUploaded@1 is already registered',
    );
  });

  it('fails loudly when the chain has a gap instead of handing out an old shape as the new one', () => {
    const upcasters = new UpcasterRegistry().register('RecordingUploaded', 2, (data) => data);
    expect(() => upcasters.upcast(recorded('RecordingUploaded', 1, { name: 'a.wav' }))).toThrow(
      'No upcaster for RecordingUploaded from version 1',
    );
  });
});
