import { describe, expect, it } from 'vitest';
import { apiKeyStream } from '../api-keys/events';
import { jobStream } from '../jobs/events';
import { libraryStream } from '../library/events';
import { liveSessionStream } from '../live/live-session.decider';
import { dataExportStream } from '../privacy/events';
import { recordingStream, usageStream } from '../recordings/events';
import { shareLinkStream } from '../share-links/events';
import { summarySettingsStream, summaryStream } from '../summaries/events';
import { translationStream } from '../translations/events';
import { webhookDeliveryStream, webhooksStream } from '../webhooks/events';
import { diffStates } from './state-diff';
import { streamIdOf, streamKindOf } from './stream-kinds';
import { stateAtStep } from './time-travel';

describe('the stream-kind registry', () => {
  it('names each stream by its longest prefix, so address streams are never taken for accounts', () => {
    expect(streamKindOf('user-email-a@example.com')?.kind).toBe('user-email');
    expect(streamKindOf('user-123')?.kind).toBe('user');
    expect(streamKindOf('admin-email-a@example.com')?.kind).toBe('admin-email');
    expect(streamKindOf('auditor-9')?.kind).toBe('auditor');
    expect(streamKindOf('audit-log-9')?.kind).toBe('audit-log');
    expect(streamKindOf('chat-session-abc')?.kind).toBe('chat-session');
    expect(streamKindOf('usage-u1-2026-11')?.kind).toBe('usage');
    expect(streamKindOf('something-else')).toBeNull();
    expect(streamKindOf('user-')).toBeNull();
  });

  it('knows every stream a capability writes, so the auditor never sees a kind "?"', () => {
    const written = {
      recording: recordingStream('r1'),
      usage: usageStream('u1', '2026-11'),
      job: jobStream('j1'),
      library: libraryStream('u1'),
      live: liveSessionStream('s1'),
      translation: translationStream('r1', 'fr'),
      summary: summaryStream('r1'),
      'summary-settings': summarySettingsStream('u1'),
      'share-link': shareLinkStream('l1'),
      'api-key': apiKeyStream('k1'),
      webhooks: webhooksStream('u1'),
      'webhook-delivery': webhookDeliveryStream('d1'),
      'data-export': dataExportStream('e1'),
    };
    for (const [kind, streamId] of Object.entries(written)) {
      expect(streamKindOf(streamId)?.kind, streamId).toBe(kind);
      expect(streamKindOf(streamId)?.decider, streamId).not.toBeNull();
    }
  });

  it('builds a stream name from a kind and an id, and knows no made-up kind', () => {
    expect(streamIdOf('recording', 'r1')).toBe('recording-r1');
    expect(streamIdOf('nonsense', 'r1')).toBeNull();
  });
});

describe('state diff', () => {
  it('reports the leaves that changed, list items by index', () => {
    expect(
      diffStates({ a: 1, b: { c: 'x' }, list: [1] }, { a: 1, b: { c: 'y' }, list: [1, 2], d: true }),
    ).toEqual([
      { path: 'b.c', before: 'x', after: 'y' },
      { path: 'list[1]', before: null, after: 2 },
      { path: 'd', before: null, after: true },
    ]);
    expect(diffStates({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('state at a step', () => {
  const started = {
    type: 'ChatSessionStarted',
    data: {
      sessionId: 's1',
      siteKey: 'site',
      contextPage: '/',
      visitorId: 'v1',
      userId: null,
      email: null,
      startedAt: '2026-01-01T00:00:00.000Z',
    },
  };
  const posted = {
    type: 'ChatMessagePosted',
    data: {
      sessionId: 's1',
      messageId: 'm1',
      role: 'user',
      content: 'Hello',
      confidenceScore: null,
      needsHumanReview: false,
      sources: [],
      postedAt: '2026-01-01T00:00:01.000Z',
    },
  };

  it('folds a chat with its decider and shows the conversation so far', () => {
    const at = stateAtStep('chat-session-s1', [started, posted]);
    expect(at.folded).toBe(true);
    expect(at.state).toMatchObject({ started: true, messageCount: 1 });
    expect(at.changes).toEqual(expect.arrayContaining([{ path: 'messageCount', before: 0, after: 1 }]));
    expect(at.moment).toMatchObject({ kind: 'chat-session', visitor: [{ role: 'user', content: 'Hello' }] });
  });

  it('shows no state for a stream no decider folds', () => {
    expect(stateAtStep('audit-log-a1', [started])).toMatchObject({
      kind: 'audit-log',
      folded: false,
      state: null,
    });
  });
});
