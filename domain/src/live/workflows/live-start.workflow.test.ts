import { describe, it } from 'vitest';
import type { UsageEvent } from '../../recordings/events';
import { WorkflowSpecification } from '../../testing';
import { type LiveStartAsked, type LiveStartStep, liveStartWorkflow } from './live-start.workflow';

const spec = WorkflowSpecification.for(liveStartWorkflow);
const at = '2026-03-01T10:00:00.000Z';
// Free: 5 minutes a month.
const asked = (data: Partial<LiveStartAsked['data']> = {}): LiveStartAsked => ({
  type: 'LiveStartAsked',
  data: {
    sessionId: 's1',
    ownerId: 'u1',
    plan: 'free',
    period: '2026-03',
    title: 'Standup',
    language: 'en',
    workspaceId: null,
    at,
    ...data,
  },
});
const reserved = (recordingId: string, seconds: number): UsageEvent => ({
  type: 'MinutesReserved',
  data: { userId: 'u1', period: '2026-03', recordingId, seconds, at },
});
const granted: UsageEvent = {
  type: 'MinutesGranted',
  data: { userId: 'u1', period: '2026-03', grantId: 'g1', seconds: 120, at },
};
const start = (allowanceSeconds: number | null, title = 'Standup'): LiveStartStep => ({
  type: 'StartLiveSession',
  sessionId: 's1',
  ownerId: 'u1',
  title,
  language: 'en',
  allowanceSeconds,
  workspaceId: null,
  now: at,
});
const hold = (seconds: number): LiveStartStep => ({
  type: 'HoldLiveMinutes',
  ownerId: 'u1',
  sessionId: 's1',
  plan: 'free',
  seconds,
});

describe('starting a live recording', () => {
  it('holds what the plan has left (less a second of encoding headroom), then starts with that allowance', () => {
    spec
      .given([reserved('r1', 60)])
      .when(asked())
      .then([hold(239), start(239)]);
  });
  it('counts the minutes an operator granted for the period', () => {
    spec
      .given([granted])
      .when(asked())
      .then([hold(419), start(419)]);
  });
  it('holds nothing with nothing left: the session refuses to start with no allowance', () => {
    spec
      .given([reserved('r1', 300)])
      .when(asked())
      .then([start(0)]);
  });
  it('holds nothing for an unlimited plan', () => {
    spec
      .given([])
      .when(asked({ plan: 'business_pro' }))
      .then([start(null)]);
  });
  it('names an untitled session after when it started', () => {
    spec
      .given([])
      .when(asked({ title: '  ' }))
      .then([hold(299), start(299, 'Live recording 2026-03-01 10:00')]);
  });
  it('gives the hold back when a step failed', () => {
    spec
      .given([reserved('s1', 299)])
      .when({ type: 'LiveStartFailed', data: { sessionId: 's1', ownerId: 'u1', at } })
      .then([{ type: 'GiveBackLiveHold', ownerId: 'u1', sessionId: 's1', startedAt: at }]);
  });
});
