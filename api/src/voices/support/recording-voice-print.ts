import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, NotFoundError } from '@scrivo/domain';
import {
  MediaRejectedError,
  type MediaToolkit,
  SpeechInputError,
  type SpeechRecognizer,
  SpeechUnavailableError,
  type VoicePrint,
} from '@scrivo/domain/recordings';
import type { Span } from '@scrivo/domain/voices';
import { ApiError } from '../../common/api-error';

export interface RecordingVoicePrintDeps {
  readonly blobs: BlobStore;
  readonly media: MediaToolkit;
  readonly speech: SpeechRecognizer;
}

/**
 * The voice print of whoever speaks in `spans` of a recording's audio (the blob at `sourceKey`): decoded to 16 kHz WAV
 * no further than the last span (a long file is not decoded whole for a voice heard at its start), then embedded by
 * the speech engine. The engine's refusal (too little speech) is a 422, an engine that cannot be reached a 503.
 */
export const recordingVoicePrint = async (
  deps: RecordingVoicePrintDeps,
  sourceKey: string,
  spans: readonly Span[],
): Promise<VoicePrint> => {
  const { speech } = deps;
  if (!speech.voicePrint)
    throw new ApiError(
      503,
      'VOICE_PRINTS_UNAVAILABLE',
      `The speech engine (${speech.name}) makes no voice prints.`,
    );
  const dir = await mkdtemp(join(tmpdir(), `scrivo-voice-${process.pid}-`));
  try {
    const original = join(dir, 'original');
    const wav = join(dir, 'audio.wav');
    const blob = await deps.blobs.get(sourceKey).catch((error: unknown) => {
      if (error instanceof NotFoundError)
        throw new ApiError(
          422,
          'NO_AUDIO',
          "The recording's audio is no longer kept: its voices cannot be remembered.",
        );
      throw error;
    });
    await pipeline(Readable.from(blob.body), createWriteStream(original));
    const last = Math.max(...spans.map(([, end]) => end));
    await deps.media.normalise(original, wav, { maxSeconds: Math.ceil(last) + 1 });
    await rm(original, { force: true });
    return await speech.voicePrint({
      audio: createReadStream(wav),
      contentType: 'audio/wav',
      sizeBytes: (await stat(wav)).size,
      spans,
    });
  } catch (error) {
    if (error instanceof SpeechInputError || error instanceof MediaRejectedError)
      throw new ApiError(422, 'NO_VOICE_PRINT', error.message);
    if (error instanceof SpeechUnavailableError)
      throw new ApiError(
        503,
        'SPEECH_UNAVAILABLE',
        'The speech engine cannot be reached now; try again in a minute.',
      );
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
