import { InferenceClient } from '@huggingface/inference';
import type { Assistant, AssistantAnswer, AssistantQuestion } from '@scrivo/domain/chat';
import { answerAccountQuestion, isAccountQuestion } from './account-questions';
import { Bm25Index } from './bm25-index';
import { round } from './embedded-assistant';
import { loadKnowledgeBase } from './knowledge-base';

export interface HuggingFaceAssistantOptions {
  readonly token: string;
  /** A chat model on the Hugging Face router, e.g. "meta-llama/Llama-3.1-8B-Instruct". */
  readonly model: string;
  /** A dedicated endpoint (TGI, vLLM, an Inference Endpoint) speaking the chat-completion protocol. */
  readonly endpointUrl?: string;
  /** Retrieval below this confidence is not worth a model call: the domain will hand over anyway. */
  readonly minRetrievalConfidence?: number;
  readonly maxTokens?: number;
}

const SYSTEM = [
  "You are Scrivo's support assistant. Answer the visitor's question in two or three sentences,",
  'using ONLY the numbered help passages below. If they do not contain the answer, reply exactly "I don\'t know".',
  "Never state facts about the visitor's account; those are handled elsewhere. Reply in the language of the question.",
].join(' ');

/**
 * Chat completion grounded on the same retrieved passages as the embedded assistant. Confidence still comes
 * from retrieval (a model's own certainty is not calibrated), and account questions never reach the model.
 */
export class HuggingFaceAssistant implements Assistant {
  readonly name = 'huggingface';
  private readonly client: InferenceClient;

  constructor(
    private readonly index: Bm25Index,
    private readonly options: HuggingFaceAssistantOptions,
  ) {
    this.client = new InferenceClient(options.token);
  }

  static async fromContent(
    contentDir: string,
    options: HuggingFaceAssistantOptions,
  ): Promise<HuggingFaceAssistant> {
    return new HuggingFaceAssistant(new Bm25Index(await loadKnowledgeBase(contentDir)), options);
  }

  async answer(question: AssistantQuestion): Promise<AssistantAnswer> {
    if (isAccountQuestion(question.question)) return answerAccountQuestion(question.user);
    const hits = this.index.search(question.question, 3);
    const best = hits[0];
    if (!best || best.confidence < (this.options.minRetrievalConfidence ?? 0.2))
      return {
        content: "I couldn't find that in our help centre.",
        confidence: round(best?.confidence ?? 0),
        sources: [],
      };
    const passages = hits.map((h, i) => `[${i + 1}] ${h.passage.title}: ${h.passage.text}`).join('\n\n');
    const completion = await this.client.chatCompletion({
      model: this.options.model,
      ...(this.options.endpointUrl ? { endpointUrl: this.options.endpointUrl } : {}),
      messages: [
        { role: 'system', content: `${SYSTEM}\n\n${passages}` },
        { role: 'user', content: question.question },
      ],
      max_tokens: this.options.maxTokens ?? 300,
      temperature: 0.2,
    });
    const content = completion.choices[0]?.message?.content?.trim() ?? '';
    if (!content || /^i don'?t know\b/i.test(content))
      return { content: "I couldn't find that in our help centre.", confidence: 0, sources: [] };
    return {
      content,
      confidence: round(best.confidence),
      sources: [{ slug: best.passage.slug, title: best.passage.title }],
    };
  }
}
