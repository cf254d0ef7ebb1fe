import { parseSpeakerCount, parseUploadVocabulary, type SpeakerCountFields } from '@scrivo/contracts';
import type {
  MediaRejectedError,
  SpeakerCount,
  TranscriptionOptions,
  UploadVocabulary,
} from '@scrivo/domain/recordings';
import { ApiError } from '../../common/api-error';

/** A whole uploaded file on local disk (multipart temp file or finished tus upload). */
export interface IncomingFile {
  readonly path: string;
  readonly size: number;
  readonly filename: string | null;
}

export const STATUS_FOR_MEDIA_CODE: Record<MediaRejectedError['code'], number> = {
  EMPTY_FILE: 400,
  UNSUPPORTED_MEDIA: 415,
  CORRUPT_MEDIA: 415,
  NO_AUDIO_STREAM: 422,
  ZERO_LENGTH: 422,
};

/** Turns "meeting_notes-2026.mp3" into "meeting notes 2026". */
export const titleFromFilename = (filename: string | null): string =>
  (filename ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 200) || 'Untitled recording';

/** The number of people speaking an upload says (multipart fields, tus metadata); a 400 naming the field. */
export const speakerCountOf = (fields: SpeakerCountFields): SpeakerCount | null => {
  const parsed = parseSpeakerCount(fields);
  if (!parsed.ok) throw new ApiError(400, 'VALIDATION_FAILED', parsed.message, { param: parsed.param });
  return parsed.count;
};

/** What an upload says besides its file (multipart fields, tus metadata), all optional strings. */
export interface UploadFields extends SpeakerCountFields {
  readonly language?: string;
  readonly translate?: string;
  /** Names and terms of this recording, one per line or comma-separated, added to the account's glossary. */
  readonly terms?: string;
  /** A line about the recording ("Weekly sync of the payments team"). */
  readonly context?: string;
}

export const vocabularyOf = (fields: UploadFields): UploadVocabulary | null => {
  const parsed = parseUploadVocabulary(fields.terms, fields.context);
  if (!parsed.ok) throw new ApiError(400, 'VALIDATION_FAILED', parsed.message, { param: parsed.param });
  return parsed.vocabulary;
};

export const parseOptions = (fields: UploadFields): TranscriptionOptions => {
  const { language, translate } = fields;
  const lang = (language ?? '').trim().toLowerCase();
  if (lang && lang !== 'auto' && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(lang))
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      `"${language}" is not a language code (use e.g. "en", "fr" or "auto").`,
    );
  return {
    language: lang && lang !== 'auto' ? lang.split('-')[0]! : null,
    translate: translate === 'true' || translate === '1',
    speakers: speakerCountOf(fields),
    vocabulary: vocabularyOf(fields),
  };
};
