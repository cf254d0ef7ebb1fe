import { describe, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import type { VoiceRemembered } from './events';
import { encodeVoicePrint } from './voice-print';
import { MAX_VOICES, voicesDecider } from './voices.decider';

const spec = DeciderSpecification.for(voicesDecider);
const now = '2026-12-05T10:00:00.000Z';
const print = encodeVoicePrint([0.6, 0.8]);
const remembered = (voiceId: string, name: string): VoiceRemembered => ({
  type: 'VoiceRemembered',
  data: { userId: 'u1', voiceId, name, print, recordingId: 'r1', at: now },
});
const remember = (voiceId: string, name: string, voicePrint = print) =>
  ({
    type: 'RememberVoice',
    userId: 'u1',
    voiceId,
    name,
    print: voicePrint,
    recordingId: 'r1',
    now,
  }) as const;
const refused = (code: string) => (e: unknown) => e instanceof DomainError && e.code === code;

describe('an account’s remembered voices', () => {
  it('remembers a voice under its name, trimmed', () =>
    spec
      .given([])
      .when(remember('v1', '  Ada   Lovelace '))
      .then([remembered('v1', 'Ada Lovelace')]));

  it('remembers a voice once: the same request again changes nothing', () =>
    spec
      .given([remembered('v1', 'Ada')])
      .when(remember('v1', 'Ada'))
      .then([]));

  it('refuses a second voice under a name it already has, whatever the case', () =>
    spec
      .given([remembered('v1', 'Ada')])
      .when(remember('v2', 'ADA'))
      .thenThrows(refused('CONFLICT')));

  it.each([
    ['an empty name', '  ', print],
    ['a name over 100 characters', 'x'.repeat(101), print],
    ['a print that is not one', 'Ada', '[erased]'],
    ['a print of zeros', 'Ada', encodeVoicePrint([0, 0])],
  ])('refuses %s', (_, name, voicePrint) =>
    spec
      .given([])
      .when(remember('v1', name, voicePrint))
      .thenThrows(refused('VALIDATION_FAILED')),
  );

  it(`keeps at most ${MAX_VOICES} voices`, () =>
    spec
      .given(Array.from({ length: MAX_VOICES }, (_, i) => remembered(`v${i}`, `Person ${i}`)))
      .when(remember('v-new', 'One too many'))
      .thenThrows(refused('VALIDATION_FAILED')));

  it('renames a voice, and a rename to its own name changes nothing', () => {
    spec
      .given([remembered('v1', 'Ada')])
      .when({ type: 'RenameVoice', userId: 'u1', voiceId: 'v1', name: 'Ada L.', now })
      .then([{ type: 'VoiceRenamed', data: { userId: 'u1', voiceId: 'v1', name: 'Ada L.', at: now } }]);
    spec
      .given([remembered('v1', 'Ada')])
      .when({ type: 'RenameVoice', userId: 'u1', voiceId: 'v1', name: ' Ada', now })
      .then([]);
  });

  it('refuses to rename a voice to another voice’s name, or one it does not have', () => {
    spec
      .given([remembered('v1', 'Ada'), remembered('v2', 'Grace')])
      .when({ type: 'RenameVoice', userId: 'u1', voiceId: 'v2', name: 'ada', now })
      .thenThrows(refused('CONFLICT'));
    spec
      .given([])
      .when({ type: 'RenameVoice', userId: 'u1', voiceId: 'v9', name: 'Ada', now })
      .thenThrows(refused('NOT_FOUND'));
  });

  it('forgets a voice, and its name is free again', () => {
    spec
      .given([remembered('v1', 'Ada')])
      .when({ type: 'ForgetVoice', userId: 'u1', voiceId: 'v1', now })
      .then([{ type: 'VoiceForgotten', data: { userId: 'u1', voiceId: 'v1', at: now } }]);
    spec
      .given([
        remembered('v1', 'Ada'),
        { type: 'VoiceForgotten', data: { userId: 'u1', voiceId: 'v1', at: now } },
      ])
      .when(remember('v2', 'Ada'))
      .then([remembered('v2', 'Ada')]);
  });

  it('refuses to forget a voice it does not have', () =>
    spec
      .given([])
      .when({ type: 'ForgetVoice', userId: 'u1', voiceId: 'v9', now })
      .thenThrows(refused('NOT_FOUND')));
});
