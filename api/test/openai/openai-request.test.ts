import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/common/api-error';
import { MAX_MODEL_LENGTH, parseOpenAiRequest } from '../../src/openai/support/openai-request';

/** The refusal's status and the parameter it names, or null when the request is accepted. */
const refusal = (fields: Record<string, string>, fieldValues: Record<string, string[]> = {}) => {
  try {
    parseOpenAiRequest(fields, fieldValues);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.getStatus(), param: error.details?.param, message: error.message };
  }
};

describe('the form of POST /v1/audio/transcriptions', () => {
  it('takes a model name of up to 256 characters, and refuses a longer one with a 400 naming model', () => {
    expect(refusal({ model: 'm'.repeat(MAX_MODEL_LENGTH) })).toBeNull();
    expect(refusal({ model: 'm'.repeat(MAX_MODEL_LENGTH + 1) })).toMatchObject({
      status: 400,
      param: 'model',
    });
    expect(refusal({ model: 'x'.repeat(100_000) })).toMatchObject({
      status: 400,
      param: 'model',
      message: 'model must be at most 256 characters.',
    });
  });

  it('refuses a language that is not one code, as the docs promise', () => {
    for (const language of ['en;rm', 'en rm', 'en,fr', 'english!', 'en\nrm'])
      expect(refusal({ model: 'whisper-1', language }), language).toMatchObject({
        status: 400,
        param: 'language',
      });
    expect(
      refusal({ model: 'whisper-1', language: 'rm' }, { language: ['en', 'rm'] }),
      'two language fields',
    ).toMatchObject({ status: 400, param: 'language' });
    expect(parseOpenAiRequest({ model: 'whisper-1', language: 'en' }, { language: ['en'] }).options).toEqual({
      language: 'en',
      translate: false,
      speakers: null,
      vocabulary: null,
    });
  });
});
