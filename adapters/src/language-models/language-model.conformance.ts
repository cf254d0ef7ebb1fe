import { describe, expect, it } from 'vitest';
import { type LanguageModel, LanguageModelUnavailableError } from '@scrivo/domain';

export interface LanguageModelSubject {
  /** An adapter talking to a real model. */
  readonly model: () => LanguageModel;
  /** The same adapter pointed at a server that is not there. */
  readonly unreachable: () => LanguageModel;
}

const meeting = [
  'Anna: We agreed to move the product launch to the ninth of March.',
  'Ben: Fine. I will update the press release by Friday.',
  'Anna: And Carla books the venue for the launch party.',
].join('\n');

/** What every LanguageModel adapter must do, against a real model (the local one on CPU in CI). */
export const languageModelConformance = (adapter: string, subject: LanguageModelSubject) =>
  describe(`LanguageModel conformance: ${adapter}`, () => {
    it('follows an instruction about the text it is given', async () => {
      const answer = await subject.model().complete({
        messages: [
          { role: 'system', content: 'You answer in one short sentence.' },
          { role: 'user', content: `${meeting}\n\nTo which date was the launch moved?` },
        ],
        maxTokens: 40,
      });
      expect(answer.text.toLowerCase()).toMatch(/ninth of march|march 9|9(th)? march|march ninth/);
      expect(answer.completionTokens).toBeGreaterThan(0);
    }, 120_000);

    it('answers in the JSON shape it is asked for', async () => {
      const schema = {
        type: 'object',
        properties: {
          actionItems: {
            type: 'array',
            items: {
              type: 'object',
              properties: { owner: { type: 'string' }, task: { type: 'string' } },
              required: ['owner', 'task'],
            },
          },
        },
        required: ['actionItems'],
      };
      const answer = await subject.model().complete({
        messages: [
          {
            role: 'system',
            content:
              'List every task someone in this meeting said they or another person will do, with the person (owner) who will do it. Answer in JSON.',
          },
          { role: 'user', content: meeting },
        ],
        maxTokens: 200,
        jsonSchema: schema,
      });
      const parsed = JSON.parse(answer.text) as { actionItems: { owner: string; task: string }[] };
      const owners = parsed.actionItems.map((item) => item.owner.toLowerCase());
      expect(owners.some((o) => o.includes('ben'))).toBe(true);
      expect(owners.some((o) => o.includes('carla'))).toBe(true);
    }, 120_000);

    it('streams the answer piece by piece, the same answer as a whole completion', async () => {
      const request = {
        messages: [
          { role: 'system' as const, content: 'You answer in one short sentence.' },
          { role: 'user' as const, content: `${meeting}\n\nWho books the venue?` },
        ],
        maxTokens: 30,
      };
      const pieces: string[] = [];
      for await (const piece of subject.model().stream(request)) pieces.push(piece);
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join('').toLowerCase()).toContain('carla');
      // Temperature 0: streaming changes how the answer arrives, not what it says.
      expect(pieces.join('').trim()).toBe((await subject.model().complete(request)).text.trim());
    }, 120_000);

    it('stops streaming when the caller aborts', async () => {
      const abort = new AbortController();
      // Measured from the abort, not from the request: on a busy 2-core machine the first piece alone can take
      // half a minute, and what is specified here is that the stream ends once the caller stops listening.
      let abortedAt = 0;
      const reading = (async () => {
        for await (const _ of subject.model().stream({
          messages: [{ role: 'user', content: 'Count from one to five hundred in words.' }],
          maxTokens: 2000,
          signal: abort.signal,
        })) {
          abortedAt = Date.now();
          abort.abort();
        }
      })();
      await expect(reading).rejects.toThrow();
      expect(abortedAt).toBeGreaterThan(0);
      expect(Date.now() - abortedAt).toBeLessThan(10_000);
    }, 90_000);

    it('stops when the caller aborts', async () => {
      const abort = new AbortController();
      const pending = subject.model().complete({
        messages: [{ role: 'user', content: 'Count from one to five hundred in words.' }],
        maxTokens: 2000,
        signal: abort.signal,
      });
      setTimeout(() => abort.abort(), 500);
      const started = Date.now();
      await expect(pending).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(20_000);
    }, 60_000);

    it('says the engine is unavailable when it cannot be reached', async () => {
      await expect(
        subject.unreachable().complete({ messages: [{ role: 'user', content: 'Hello' }], maxTokens: 5 }),
      ).rejects.toBeInstanceOf(LanguageModelUnavailableError);
      const streaming = async () => {
        for await (const _ of subject
          .unreachable()
          .stream({ messages: [{ role: 'user', content: 'Hello' }], maxTokens: 5 }));
      };
      await expect(streaming()).rejects.toBeInstanceOf(LanguageModelUnavailableError);
    });
  });
