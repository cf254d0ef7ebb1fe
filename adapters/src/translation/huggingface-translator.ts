import { InferenceClient } from '@huggingface/inference';
import type { TranslateRequest, Translator } from '@scrivo/domain';
import { LanguageModelUnavailableError } from '@scrivo/domain';
import { abortSignalFor } from '../language-models/abort-bridge';

/** NLLB-200 names languages by code and script. */
const NLLB_CODES: Readonly<Record<string, string>> = {
  en: 'eng_Latn',
  es: 'spa_Latn',
  fr: 'fra_Latn',
  de: 'deu_Latn',
  it: 'ita_Latn',
  pt: 'por_Latn',
  nl: 'nld_Latn',
};

export interface HuggingFaceTranslatorOptions {
  readonly token?: string;
  /** A multilingual model that takes src_lang/tgt_lang (default facebook/nllb-200-distilled-600M). */
  readonly model?: string;
  /** Any server that speaks the Hugging Face translation task (an Inference Endpoint, a local test server). */
  readonly endpointUrl?: string;
}

/** Requests in flight at once: hosted endpoints batch them; more only queues. */
const PARALLEL = 4;

/**
 * The Hugging Face translation task through `@huggingface/inference`, one request per segment with the source
 * and target languages as NLLB codes (models that take plain ISO codes read them just as well).
 */
export class HuggingFaceTranslator implements Translator {
  readonly name: string;
  readonly machineDraft = false;
  private readonly model: string;

  constructor(private readonly options: HuggingFaceTranslatorOptions) {
    this.model = options.model ?? 'facebook/nllb-200-distilled-600M';
    this.name = `huggingface:${options.endpointUrl ? new URL(options.endpointUrl).host : this.model}`;
  }

  async translate(request: TranslateRequest): Promise<string[]> {
    const client = new InferenceClient(this.options.token);
    const target = this.options.endpointUrl ? client.endpoint(this.options.endpointUrl) : client;
    const out: string[] = new Array<string>(request.texts.length);
    let next = 0;
    let done = 0;
    const work = async () => {
      while (next < request.texts.length) {
        const index = next++;
        const text = request.texts[index]!;
        try {
          const result = await target.translation(
            {
              model: this.model,
              inputs: text,
              parameters: {
                src_lang: NLLB_CODES[request.source] ?? request.source,
                tgt_lang: NLLB_CODES[request.target] ?? request.target,
              },
            },
            { signal: abortSignalFor(request.signal) },
          );
          const first = Array.isArray(result) ? result[0] : result;
          out[index] = first?.translation_text ?? '';
        } catch (error) {
          if (request.signal?.aborted) throw error;
          throw new LanguageModelUnavailableError('Hugging Face translation failed.', { cause: error });
        }
        done += 1;
        request.onProgress?.(done / request.texts.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, request.texts.length) }, work));
    return out;
  }
}
