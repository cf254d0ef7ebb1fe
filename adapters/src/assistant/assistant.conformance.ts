import type { Assistant } from '@scrivo/domain/chat';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '@scrivo/domain/chat';
import { describe, expect, it } from 'vitest';

/** Questions the help content answers, with the article (slug) an answer should cite. */
export const IN_DOMAIN: readonly { question: string; slug: string }[] = [
  { question: 'How much does Premium cost?', slug: 'faq' },
  { question: 'Do I need a credit card for the free plan?', slug: 'faq' },
  { question: 'Which file formats can I upload?', slug: 'faq' },
  { question: 'How do I reset my password?', slug: 'account-and-password-reset' },
  { question: 'Can I cancel anytime?', slug: 'faq' },
  { question: 'How do I record live from my microphone?', slug: 'live-recording' },
  { question: 'Can I translate to English?', slug: 'translation-to-english' },
  { question: '¿Cuánto cuesta Scrivo?', slug: 'faq' },
];

/** Questions about anything else: the assistant must be unsure enough for a person to take over. */
export const UNRELATED: readonly string[] = [
  'What is the weather in Paris tomorrow?',
  'Can you recommend a good lasagna recipe?',
  'Who won the football world cup in 2018?',
  'What is the capital of Australia?',
  'Is bitcoin a good investment?',
  'What time is it in Tokyo?',
  'Do you sell shoes?',
];

/**
 * What every Assistant adapter promises. `make` builds the adapter over the repository's real help content
 * (`content/`); the threshold is the domain's default.
 */
export const assistantConformance = (name: string, make: () => Promise<Assistant>) => {
  describe(`${name} (Assistant conformance)`, () => {
    const threshold = DEFAULT_CONFIDENCE_THRESHOLD;

    it.each(IN_DOMAIN)('answers "$question" confidently and cites $slug', async ({ question, slug }) => {
      const answer = await (await make()).answer({ question, user: null });
      expect(answer.confidence).toBeGreaterThanOrEqual(threshold);
      expect(answer.confidence).toBeLessThanOrEqual(1);
      expect(answer.content.length).toBeGreaterThan(10);
      expect(answer.sources.map((s) => s.slug)).toContain(slug);
    });

    it.each(UNRELATED)('is unsure about "%s", so it escalates', async (question) => {
      const answer = await (await make()).answer({ question, user: null });
      expect(answer.confidence).toBeGreaterThanOrEqual(0);
      expect(answer.confidence).toBeLessThan(threshold);
    });

    it('answers the price question with the real plan prices', async () => {
      const answer = await (
        await make()
      ).answer({ question: 'How much does Premium cost per month?', user: null });
      expect(answer.content).toContain('9.99');
    });

    it("states account facts only from the user's context", async () => {
      const assistant = await make();
      const answer = await assistant.answer({
        question: 'How many minutes have I used this month?',
        user: { email: 'ada@example.com', plan: 'premium', minutesUsed: 42 },
      });
      expect(answer.content).toContain('Premium');
      expect(answer.content).toContain('42');
      expect(answer.content).toContain('78');
      expect(answer.confidence).toBeGreaterThanOrEqual(threshold);
    });

    it('never invents account facts for an anonymous visitor', async () => {
      const answer = await (await make()).answer({ question: 'What plan am I on?', user: null });
      expect(answer.content).not.toMatch(/\d+ minutes|Premium plan|Free plan|Business Pro plan/);
      expect(answer.confidence).toBeLessThan(threshold);
    });

    it('copes with a question of only punctuation or stop words', async () => {
      const answer = await (await make()).answer({ question: '?? the and', user: null });
      expect(answer.confidence).toBeLessThan(threshold);
    });
  });
};
