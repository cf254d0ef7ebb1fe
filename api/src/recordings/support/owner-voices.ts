import type {
  CancelSignal,
  KnownVoice,
  SpeakerProfiles,
  SpeechRecognizer,
  SpeechTranscript,
  TranscriptBody,
} from '@scrivo/domain/recordings';
import {
  decodeVoicePrint,
  rememberedLabels,
  voicesDecider,
  voicesStream,
  withRememberedNames,
  workspaceVoicesOwner,
} from '@scrivo/domain/voices';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import type { WorkerLogger } from '../../jobs/worker-logger';

export interface OwnerVoice extends KnownVoice {
  readonly name: string;
}

/**
 * The remembered voices as the job runs: the workspace's the recording is in (the team's names come first), then the
 * owner's own whose names it does not have, so one person is never offered under two names. A print an erasure left
 * unreadable is none.
 */
export const ownerVoices = async (
  runner: StreamRunner,
  ownerId: string,
  workspaceId: string | null = null,
): Promise<OwnerVoice[]> => {
  const voicesOf = async (owner: string) => (await runner.state(voicesDecider, voicesStream(owner))).voices;
  const shared = workspaceId ? await voicesOf(workspaceVoicesOwner(workspaceId)) : [];
  const taken = new Set(shared.map((voice) => voice.name.toLowerCase()));
  const own = (await voicesOf(ownerId)).filter((voice) => !taken.has(voice.name.toLowerCase()));
  return [...shared, ...own].flatMap((voice) => {
    const embedding = decodeVoicePrint(voice.print);
    return embedding ? [{ id: voice.voiceId, embedding, name: voice.name }] : [];
  });
};

/** Label -> the remembered voice's name, for the labels the engine recognised as one (empty when it cannot tell). */
const recognisedNames = async (
  speech: SpeechRecognizer,
  profiles: SpeakerProfiles,
  voices: readonly OwnerVoice[],
  run: { readonly signal: CancelSignal; readonly logger: WorkerLogger; readonly context: object },
): Promise<Record<string, string>> => {
  if (voices.length === 0 || !speech.nameSpeakers) return {};
  // A naming the engine fails at leaves the labels as they are: a transcript without names is better than none.
  try {
    const known = voices.map(({ id, embedding }) => ({ id, embedding }));
    const byLabel = await speech.nameSpeakers(profiles, known, { signal: run.signal });
    const nameOf = new Map(voices.map((voice) => [voice.id, voice.name]));
    const names = Object.fromEntries(
      Object.entries(byLabel).flatMap(([label, id]) => {
        const name = nameOf.get(id);
        return name === undefined ? [] : [[label, name]];
      }),
    );
    run.logger.info({ ...run.context, named: Object.keys(names).length }, 'remembered voices looked for');
    return names;
  } catch (error) {
    run.logger.warn(
      { ...run.context, error: error instanceof Error ? error.message : String(error) },
      'remembered voices could not be looked for; the speakers keep their numbers',
    );
    return {};
  }
};

/**
 * The transcript to store: the engine's labels named where it recognised a remembered voice, and the voice prints
 * it answered dropped (they are never stored with a transcript).
 */
export const withOwnerVoices = async (
  speech: SpeechRecognizer,
  heard: SpeechTranscript,
  voices: readonly OwnerVoice[],
  run: { readonly signal: CancelSignal; readonly logger: WorkerLogger; readonly context: object },
): Promise<TranscriptBody> => {
  const { speakerProfiles, ...transcript } = heard;
  if (!speakerProfiles) return transcript;
  return withRememberedNames(transcript, await recognisedNames(speech, speakerProfiles, voices, run));
};

/**
 * A long recording's file-wide labels (`speakers`: per piece, its label -> file-wide label, as the engine clustered
 * them) with the remembered voices' names: every piece's voice prints, under their file-wide label, are compared
 * with the voices at once, so one person is named (or not) across the whole file.
 */
export const piecesWithOwnerVoices = async (
  speech: SpeechRecognizer,
  pieces: readonly SpeakerProfiles[],
  speakers: readonly Record<string, string>[],
  voices: readonly OwnerVoice[],
  run: { readonly signal: CancelSignal; readonly logger: WorkerLogger; readonly context: object },
): Promise<Record<string, string>[]> => {
  const wide = [
    ...new Set(pieces.flatMap((piece, p) => piece.speakers.map((label) => speakers[p]![label]!))),
  ];
  const tracks = pieces.flatMap((piece, p) =>
    piece.tracks.map((track) => ({ ...track, speaker: speakers[p]![track.speaker]! })),
  );
  const names = await recognisedNames(speech, { speakers: wide, tracks, cannotLink: [] }, voices, run);
  if (Object.keys(names).length === 0) return [...speakers];
  const final = rememberedLabels(wide, names);
  return speakers.map((mapping) =>
    Object.fromEntries(Object.entries(mapping).map(([label, to]) => [label, final[to] ?? to])),
  );
};
