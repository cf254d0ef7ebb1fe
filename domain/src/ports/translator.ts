import type { CancelSignal } from '../recordings/ports';

/** Text translation, segment by segment: as many texts come back as went in, in the same order. */
export interface TranslateRequest {
  readonly texts: readonly string[];
  /** ISO 639-1 codes. */
  readonly source: string;
  readonly target: string;
  readonly signal?: CancelSignal;
  /** Called with the share of the texts done (0..1). */
  readonly onProgress?: (progress: number) => void;
}

export interface Translator {
  /** The engine and model, shown to users ("machine draft by ..."). */
  readonly name: string;
  /** A general language model rather than a translation model: its output is labelled a machine draft. */
  readonly machineDraft: boolean;
  translate(request: TranslateRequest): Promise<string[]>;
}
