import {
  MAX_CONTEXT_LENGTH,
  parseSpeakerCount,
  parseUploadVocabulary,
  OpenAiResponseFormat,
  OpenAiTimestampGranularity,
  type OpenAiResponseFormat as ResponseFormat,
  type OpenAiTimestampGranularity as Granularity,
} from '@scrivo/contracts';
import type { TranscriptionOptions } from '@scrivo/domain/recordings';
import { ApiError } from '../../common/api-error';
import { parseOptions } from '../../recordings/support/upload-input';

export interface OpenAiTranscriptionRequest {
  readonly model: string;
  readonly responseFormat: ResponseFormat;
  readonly granularities: readonly Granularity[];
  readonly options: TranscriptionOptions;
}

/** A model is a name, not a payload: OpenAI's are under 40 characters. */
export const MAX_MODEL_LENGTH = 256;

/** A refusal that names the form field at fault (OpenAI's `param`). */
export const invalidParam = (param: string, message: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message, { param });

/**
 * The form fields of an OpenAI transcription request. `model` is required (as OpenAI requires it) but any name
 * is accepted: the server's own speech engine transcribes. `prompt` is the recording's line of context for the engine (its end, when long); `temperature` is accepted and ignored.
 */
export const parseOpenAiRequest = (
  fields: Record<string, string>,
  fieldValues: Record<string, string[]>,
): OpenAiTranscriptionRequest => {
  const model = (fields.model ?? '').trim();
  if (!model) throw invalidParam('model', 'you must provide a model parameter');
  if (model.length > MAX_MODEL_LENGTH)
    throw invalidParam('model', `model must be at most ${MAX_MODEL_LENGTH} characters.`);
  // Two values would be read as the last one: say which was meant instead of guessing.
  if ((fieldValues.language ?? []).length > 1)
    throw invalidParam('language', 'language may be given once (an ISO 639-1 code such as "en").');
  const format = OpenAiResponseFormat.safeParse(fields.response_format ?? 'json');
  if (!format.success)
    throw invalidParam(
      'response_format',
      `response_format must be one of ${OpenAiResponseFormat.options.join(', ')}.`,
    );
  const rawGranularities = [
    ...(fieldValues['timestamp_granularities[]'] ?? []),
    ...(fieldValues.timestamp_granularities ?? []),
  ];
  const granularities: Granularity[] = [];
  for (const raw of rawGranularities) {
    const parsed = OpenAiTimestampGranularity.safeParse(raw);
    if (!parsed.success)
      throw invalidParam('timestamp_granularities', 'timestamp_granularities may hold "word" and "segment".');
    if (!granularities.includes(parsed.data)) granularities.push(parsed.data);
  }
  if (granularities.length > 0 && format.data !== 'verbose_json')
    throw invalidParam(
      'timestamp_granularities',
      'timestamp_granularities is only supported with response_format verbose_json.',
    );
  let options: TranscriptionOptions;
  try {
    options = parseOptions({ language: fields.language });
  } catch (error) {
    throw error instanceof ApiError ? invalidParam('language', error.message) : error;
  }
  // Not OpenAI's: Scrivo's own fields, in the endpoint's snake case (SDKs send them with extra_body).
  const count = parseSpeakerCount({
    speakers: fields.speakers,
    minSpeakers: fields.min_speakers,
    maxSpeakers: fields.max_speakers,
  });
  if (!count.ok) {
    const param = { speakers: 'speakers', minSpeakers: 'min_speakers', maxSpeakers: 'max_speakers' }[
      count.param
    ];
    throw invalidParam(
      param,
      count.message.replace(/"(min|max)Speakers"/g, (_, side: string) => `"${side}_speakers"`),
    );
  }
  // OpenAI's `prompt` ("to guide the model's style or continue a previous audio segment"): the line of context.
  // Whisper reads only the end of a long prompt, so its end is what is kept.
  const vocabulary = parseUploadVocabulary(fields.terms, fields.prompt?.slice(-MAX_CONTEXT_LENGTH));
  if (!vocabulary.ok)
    throw invalidParam(vocabulary.param === 'context' ? 'prompt' : 'terms', vocabulary.message);
  options = { ...options, speakers: count.count, vocabulary: vocabulary.vocabulary };
  return { model, responseFormat: format.data, granularities, options };
};
