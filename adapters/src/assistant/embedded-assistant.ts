import type { Assistant, AssistantAnswer, AssistantQuestion } from '@scrivo/domain/chat';
import { answerAccountQuestion, isAccountQuestion } from './account-questions';
import { Bm25Index } from './bm25-index';
import { loadKnowledgeBase } from './knowledge-base';

/**
 * The default assistant: no model, no network. It answers with the help passage that best matches the question
 * (BM25), cites the article, and reports a confidence the domain compares with the escalation threshold.
 */
export class EmbeddedAssistant implements Assistant {
  readonly name = 'embedded';

  constructor(private readonly index: Bm25Index) {}

  static async fromContent(contentDir: string): Promise<EmbeddedAssistant> {
    return new EmbeddedAssistant(new Bm25Index(await loadKnowledgeBase(contentDir)));
  }

  async answer(question: AssistantQuestion): Promise<AssistantAnswer> {
    if (isAccountQuestion(question.question)) return answerAccountQuestion(question.user);
    const [best] = this.index.search(question.question);
    if (!best) return { content: "I couldn't find that in our help centre.", confidence: 0, sources: [] };
    return {
      content: best.passage.text,
      confidence: round(best.confidence),
      sources: [{ slug: best.passage.slug, title: best.passage.title }],
    };
  }
}

export const round = (n: number) => Math.round(n * 1000) / 1000;
