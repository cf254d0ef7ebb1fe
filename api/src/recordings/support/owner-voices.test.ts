import type { KnownVoice, SpeakerProfiles, SpeechRecognizer } from '@scrivo/domain/recordings';
import { describe, expect, it } from 'vitest';
import { type OwnerVoice, piecesWithOwnerVoices } from './owner-voices';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const run = { signal: new AbortController().signal, logger: quiet, context: {} };
const ada: OwnerVoice = { id: 'v-ada', name: 'Ada Lovelace', embedding: [1, 0] };

/** A piece whose labels each have one track (what the voice prints hold does not matter to the fake engine). */
const piece = (...labels: string[]): SpeakerProfiles => ({
  speakers: labels,
  tracks: labels.map((speaker) => ({ speaker, embedding: [0, 1], seconds: 5 })),
  cannotLink: [],
});

/** An engine that recognises `answer` (file-wide label -> voice id), and records what it was asked. */
const engine = (answer: Record<string, string> | Error) => {
  const asked: { speakers: readonly string[]; voices: readonly KnownVoice[] }[] = [];
  const speech: SpeechRecognizer = {
    name: 'fake',
    transcribe: () => Promise.reject(new Error('not used')),
    nameSpeakers: (profiles, voices) => {
      asked.push({ speakers: profiles.speakers, voices });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { speech, asked };
};

describe('a long recording’s speakers and the remembered voices', () => {
  // Piece 1 heard A then B, piece 2 heard only its own A: clustered, piece 2's A is piece 1's B ("Speaker 2").
  const pieces = [piece('A', 'B'), piece('A')];
  const fileWide: Record<string, string>[] = [{ A: 'Speaker 1', B: 'Speaker 2' }, { A: 'Speaker 2' }];

  it('are compared once for the whole file, so one person has her name in every piece she speaks in', async () => {
    const { speech, asked } = engine({ 'Speaker 2': 'v-ada' });
    const named = await piecesWithOwnerVoices(speech, pieces, fileWide, [ada], run);
    expect(named).toEqual([{ A: 'Speaker 1', B: 'Ada Lovelace' }, { A: 'Ada Lovelace' }]);
    // The voice prints, never the names, go to the engine.
    expect(asked).toEqual([
      { speakers: ['Speaker 1', 'Speaker 2'], voices: [{ id: 'v-ada', embedding: [1, 0] }] },
    ]);
  });

  it('keep their numbers when the engine recognises no one, names a voice it was not given, or fails', async () => {
    const answers: (Record<string, string> | Error)[] = [
      {},
      { 'Speaker 1': 'v-someone-else' },
      new Error('engine down'),
    ];
    for (const answer of answers) {
      const { speech } = engine(answer);
      expect(await piecesWithOwnerVoices(speech, pieces, fileWide, [ada], run)).toEqual(fileWide);
    }
  });

  it('are numbered again around a name, so no number is missing', async () => {
    const { speech } = engine({ 'Speaker 1': 'v-ada' });
    expect(await piecesWithOwnerVoices(speech, pieces, fileWide, [ada], run)).toEqual([
      { A: 'Ada Lovelace', B: 'Speaker 1' },
      { A: 'Speaker 1' },
    ]);
  });
});
