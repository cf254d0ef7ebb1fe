import type {
  CancelSignal,
  KnownVoice,
  SpeechRecognizer,
  SpeechTranscript,
  TranscriptBody,
} from '@scrivo/domain/recordings';
import { decodeVoicePrint, voicesDecider, voicesStream, withRememberedNames } from '@scrivo/domain/voices';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import type { WorkerLogger } from '../../jobs/worker-logger';

export interface OwnerVoice extends KnownVoice {
  readonly name: string;
}

/** The owner's remembered voices as the job runs (a print an erasure left unreadable is none). */
export const ownerVoices = async (runner: StreamRunner, ownerId: string): Promise<OwnerVoice[]> => {
  const { voices } = await runner.state(voicesDecider, voicesStream(ownerId));
  return voices.flatMap((voice) => {
    const embedding = decodeVoicePrint(voice.print);
    return embedding ? [{ id: voice.voiceId, embedding, name: voice.name }] : [];
  });
};

/**
 * The transcript to store: the engine's labels named where it recognised a remembered voice, and the voice prints
 * it answered dropped (they are never stored with a transcript). A naming the engine fails at leaves the labels as
 * they are: a transcript without names is better than none.
 */
export const withOwnerVoices = async (
  speech: SpeechRecognizer,
  heard: SpeechTranscript,
  voices: readonly OwnerVoice[],
  run: { readonly signal: CancelSignal; readonly logger: WorkerLogger; readonly context: object },
): Promise<TranscriptBody> => {
  const { speakerProfiles, ...transcript } = heard;
  if (!speakerProfiles || voices.length === 0 || !speech.nameSpeakers) return transcript;
  try {
    const known = voices.map(({ id, embedding }) => ({ id, embedding }));
    const byLabel = await speech.nameSpeakers(speakerProfiles, known, { signal: run.signal });
    const nameOf = new Map(voices.map((voice) => [voice.id, voice.name]));
    const names = Object.fromEntries(
      Object.entries(byLabel).flatMap(([label, id]) => {
        const name = nameOf.get(id);
        return name === undefined ? [] : [[label, name]];
      }),
    );
    run.logger.info({ ...run.context, named: Object.keys(names).length }, 'remembered voices looked for');
    return withRememberedNames(transcript, names);
  } catch (error) {
    run.logger.warn(
      { ...run.context, error: error instanceof Error ? error.message : String(error) },
      'remembered voices could not be looked for; the speakers keep their numbers',
    );
    return transcript;
  }
};
