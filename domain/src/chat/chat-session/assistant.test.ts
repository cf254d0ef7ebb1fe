import { describe, it } from 'vitest';
import { HANDOVER_MESSAGE } from '../rules';
import { spec, at, sessionId, started, visitorSaid, escalated } from './decider.fixtures';

describe('escalation rules', () => {
  it('escalates when the visitor asks for a person in their own words', () =>
    spec
      .given([started])
      .when({
        type: 'PostVisitorMessage',
        messageId: 'm-1',
        content: 'Can I talk to a real person please?',
        at,
      })
      .then([visitorSaid('Can I talk to a real person please?'), escalated('requested_human')]));

  it("escalates when the visitor presses 'Talk to a person'", () =>
    spec
      .given([started])
      .when({ type: 'RequestHuman', at })
      .then([escalated('requested_human')]));

  it('escalates when the same question is asked twice (ignoring case and punctuation)', () =>
    spec
      .given([started, visitorSaid('How do I export to SRT?')])
      .when({ type: 'PostVisitorMessage', messageId: 'm-2', content: 'how do i export to srt', at })
      .then([visitorSaid('how do i export to srt', 'm-2'), escalated('repeated_question')]));

  it('posts the handover text instead of an answer the assistant is unsure of, and escalates', () =>
    spec
      .given([started, visitorSaid('What is the weather in Paris?')])
      .when({
        type: 'RecordAssistantAnswer',
        messageId: 'm-2',
        content: 'Maybe sunny',
        confidenceScore: 0.12,
        sources: [{ slug: 'x', title: 'X' }],
        threshold: 0.5,
        at,
      })
      .then([
        {
          type: 'ChatMessagePosted',
          data: {
            sessionId,
            messageId: 'm-2',
            role: 'assistant',
            content: HANDOVER_MESSAGE,
            confidenceScore: 0.12,
            needsHumanReview: true,
            sources: [],
            postedAt: at,
          },
        },
        escalated('low_confidence'),
      ]));

  it('posts a confident answer with its score and sources, without escalating', () =>
    spec
      .given([started, visitorSaid('How much is Premium?')])
      .when({
        type: 'RecordAssistantAnswer',
        messageId: 'm-2',
        content: 'Premium is $9.99 per month.',
        confidenceScore: 0.83,
        sources: [{ slug: 'plans-and-minutes', title: 'Plans' }],
        threshold: 0.5,
        at,
      })
      .then([
        {
          type: 'ChatMessagePosted',
          data: {
            sessionId,
            messageId: 'm-2',
            role: 'assistant',
            content: 'Premium is $9.99 per month.',
            confidenceScore: 0.83,
            needsHumanReview: false,
            sources: [{ slug: 'plans-and-minutes', title: 'Plans' }],
            postedAt: at,
          },
        },
      ]));

  it('drops the assistant’s answer once a person has taken over', () =>
    spec
      .given([started, visitorSaid('help'), escalated('requested_human')])
      .when({
        type: 'RecordAssistantAnswer',
        messageId: 'm-2',
        content: 'x',
        confidenceScore: 0.9,
        sources: [],
        threshold: 0.5,
        at,
      })
      .thenNothingHappens());

  it('does not escalate an escalated chat again', () =>
    spec
      .given([started, visitorSaid('help me'), escalated('low_confidence')])
      .when({ type: 'PostVisitorMessage', messageId: 'm-2', content: 'help me', at })
      .then([visitorSaid('help me', 'm-2')]));
});
