import { z } from 'zod';

/** The most people the speaker clustering is told to find (the worker refuses more). */
export const MAX_SPEAKERS = 20;

/**
 * How many people speak, when the uploader knows: exactly (`min === max`) or a range. Absent or null: estimated
 * from the voices heard.
 */
export const SpeakerCount = z
  .object({
    min: z.number().int().min(1).max(MAX_SPEAKERS),
    max: z.number().int().min(1).max(MAX_SPEAKERS),
  })
  .refine((c) => c.min <= c.max, { message: 'The least number of speakers is above the most' });
export type SpeakerCount = z.infer<typeof SpeakerCount>;

/** The form fields that say it: `speakers` (exact), or `minSpeakers` and/or `maxSpeakers`. */
export interface SpeakerCountFields {
  readonly speakers?: string;
  readonly minSpeakers?: string;
  readonly maxSpeakers?: string;
}

export type SpeakerCountParse =
  | { readonly ok: true; readonly count: SpeakerCount | null }
  | { readonly ok: false; readonly param: keyof SpeakerCountFields; readonly message: string };

const number = (raw: string | undefined): number | null | 'invalid' => {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'auto' || text === '0') return null;
  if (!/^\d{1,3}$/.test(text)) return 'invalid';
  const n = Number(text);
  return n >= 1 && n <= MAX_SPEAKERS ? n : 'invalid';
};

const outOfRange = (param: keyof SpeakerCountFields): SpeakerCountParse => ({
  ok: false,
  param,
  message: `"${param}" must be a number of people from 1 to ${MAX_SPEAKERS} (or "auto").`,
});

/**
 * Reads the speaker count of an upload (multipart fields, tus metadata, the OpenAI endpoint's extra fields). An
 * exact count wins over a range given beside it only when they agree; a range open on one side is closed by 1 or
 * MAX_SPEAKERS.
 */
export const parseSpeakerCount = (fields: SpeakerCountFields): SpeakerCountParse => {
  const exact = number(fields.speakers);
  const min = number(fields.minSpeakers);
  const max = number(fields.maxSpeakers);
  if (exact === 'invalid') return outOfRange('speakers');
  if (min === 'invalid') return outOfRange('minSpeakers');
  if (max === 'invalid') return outOfRange('maxSpeakers');
  if (exact !== null) {
    if ((min !== null && min > exact) || (max !== null && max < exact))
      return {
        ok: false,
        param: 'speakers',
        message: 'The exact number of speakers is outside the range given.',
      };
    return { ok: true, count: { min: exact, max: exact } };
  }
  if (min === null && max === null) return { ok: true, count: null };
  const range = { min: min ?? 1, max: max ?? MAX_SPEAKERS };
  if (range.min > range.max)
    return { ok: false, param: 'minSpeakers', message: '"minSpeakers" is above "maxSpeakers".' };
  return { ok: true, count: range };
};
