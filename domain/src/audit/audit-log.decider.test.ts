import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import { auditLogDecider, type RecordAuditorRead } from './audit-log.decider';

const now = '2026-03-01T10:00:00.000Z';
const read: RecordAuditorRead = {
  type: 'RecordAuditorRead',
  auditorId: 'a1',
  auditorEmail: 'auditor@example.com',
  streamId: 'recording-r1',
  view: 'events',
  query: 'from=0',
  now,
};
const recorded = {
  type: 'AuditorReadStream',
  data: {
    auditorId: 'a1',
    auditorEmail: 'auditor@example.com',
    streamId: 'recording-r1',
    view: 'events',
    query: 'from=0',
    at: now,
  },
} as const;

describe("the auditors' log", () => {
  const log = DeciderSpecification.for(auditLogDecider);

  it('records a read with what was read, how and when', () => log.given([]).when(read).then([recorded]));

  it('records the same read again: every look is one entry', () =>
    log.given([recorded]).when(read).then([recorded]));

  it('records a search by what was searched, with no stream', () =>
    log
      .given([])
      .when({ ...read, view: 'search', streamId: null, query: 'id:recording:r1' })
      .then([
        { ...recorded, data: { ...recorded.data, view: 'search', streamId: null, query: 'id:recording:r1' } },
      ]));
});
