import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';

const c = initContract();

/**
 * Translations of a transcript (Premium and Business Pro), segment by segment with the original's times, so
 * they are read beside the original and exported in every format (`GET /api/recordings/{id}/export?language=de`
 * gives SRT/VTT subtitles in German). Engines: `whisper` (the speech engine's speech-to-English, from the
 * audio), `local` (the local language model: a machine draft) and `huggingface` (hosted translation models, when
 * the operator configures them). `GET .../translations` lists the languages, which engines are available and
 * the pairs each supports; a pair an engine cannot do is refused with 422 TRANSLATION_PAIR_UNSUPPORTED.
 */
const LanguageCode = z.string().regex(/^[a-z]{2}$/, 'a two-letter language code such as "en"');

export const TranslationEngine = z.enum(['whisper', 'local', 'huggingface']);
export type TranslationEngine = z.infer<typeof TranslationEngine>;

export const TranslatedSegment = z.object({ start: z.number(), end: z.number(), text: z.string() });

export const Translation = z.object({
  recordingId: z.string(),
  target: z.string(),
  source: z.string(),
  engine: TranslationEngine,
  /** The engine and model that wrote it, shown beside "machine draft" for the local model. */
  engineName: z.string().nullable(),
  machineDraft: z.boolean(),
  status: z.enum(['running', 'ready', 'failed', 'cancelled']),
  progress: z.number().min(0).max(1),
  /** One per transcript segment, in order; null until the first translation is done. */
  segments: z.array(TranslatedSegment).nullable(),
  transcriptVersion: z.number().int().nonnegative(),
  outOfDate: z.boolean(),
  failure: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Translation = z.infer<typeof Translation>;

export const TranslationOptions = z.object({
  /** Languages that can be targets, with their English names. */
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  engines: z.array(
    z.object({
      engine: TranslationEngine,
      label: z.string(),
      /** Configured on this server. */
      available: z.boolean(),
      /** The targets it can do from this transcript's language. */
      targets: z.array(z.string()),
    }),
  ),
  /**
   * The plan that pays includes translation (Premium and Business Pro): the caller's, or for a workspace's recording
   * someone else uploaded, the uploader's.
   */
  planAllows: z.boolean(),
  items: z.array(Translation),
});
export type TranslationOptions = z.infer<typeof TranslationOptions>;

export const RequestTranslationBody = z.object({
  target: LanguageCode,
  /** Absent: Whisper for English when the audio is there, else the best configured text engine. */
  engine: TranslationEngine.optional(),
});
export type RequestTranslationBody = z.infer<typeof RequestTranslationBody>;

const IdParams = z.object({ id: z.string().min(1).max(100) });
// Any short string: a target that is not a language is simply not found, after the ownership check, so a
// malformed one tells a stranger nothing either.
const TargetParams = IdParams.extend({ target: z.string().min(1).max(20) });
const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const translationsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/recordings/:id/translations',
    pathParams: IdParams,
    responses: { 200: TranslationOptions, ...errors },
    summary: "The recording's translations and what can be asked for",
  },
  request: {
    method: 'POST',
    path: '/api/recordings/:id/translations',
    pathParams: IdParams,
    body: RequestTranslationBody,
    responses: { 202: Translation, 409: ErrorBody, 422: ErrorBody, 501: ErrorBody, ...errors },
    summary: 'Translate the transcript into a language as a background job (Premium and Business Pro)',
  },
  get: {
    method: 'GET',
    path: '/api/recordings/:id/translations/:target',
    pathParams: TargetParams,
    responses: { 200: Translation, ...errors },
    summary: 'One translation with its segments',
  },
  cancel: {
    method: 'POST',
    path: '/api/recordings/:id/translations/:target/cancel',
    pathParams: TargetParams,
    body: c.noBody(),
    responses: { 200: Translation, ...errors },
    summary: 'Stop a translation being made',
  },
});
