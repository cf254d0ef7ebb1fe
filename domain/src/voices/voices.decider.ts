import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { VoiceEvent } from './events';
import { decodeVoicePrint } from './voice-print';

export const MAX_VOICES = 100;
export const MAX_VOICE_NAME_LENGTH = 100;

export interface RememberedVoice {
  readonly voiceId: string;
  readonly name: string;
  /** See voice-print.ts. */
  readonly print: string;
  readonly createdAt: string;
}

/** The account's remembered voices, in the order they were remembered. */
export interface Voices {
  readonly voices: readonly RememberedVoice[];
}

export type VoicesCommand =
  | {
      type: 'RememberVoice';
      userId: string;
      voiceId: string;
      name: string;
      print: string;
      recordingId: string;
      now: string;
    }
  | { type: 'RenameVoice'; userId: string; voiceId: string; name: string; now: string }
  | { type: 'ForgetVoice'; userId: string; voiceId: string; now: string };

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);

/** Trimmed, inner spaces collapsed; refused when empty, too long, or another voice's name already. */
const checkedName = (name: string, state: Voices, voiceId: string): string => {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean) throw invalid('A voice needs a name.');
  if (clean.length > MAX_VOICE_NAME_LENGTH)
    throw invalid(`A voice's name is at most ${MAX_VOICE_NAME_LENGTH} characters.`);
  // Two remembered voices of one name would give two people's lines one name.
  if (state.voices.some((v) => v.voiceId !== voiceId && v.name.toLowerCase() === clean.toLowerCase()))
    throw new DomainError('CONFLICT', `A voice named "${clean}" is remembered already.`);
  return clean;
};

const voiceOf = (state: Voices, voiceId: string): RememberedVoice => {
  const voice = state.voices.find((v) => v.voiceId === voiceId);
  if (!voice) throw new NotFoundError('Voice', voiceId);
  return voice;
};

/** One account's remembered voices: each a name and a voice print, given to the speech engine with every upload. */
export const voicesDecider: Decider<VoicesCommand, VoiceEvent, Voices> = {
  initialState: () => ({ voices: [] }),
  decide(command, state) {
    const { userId, voiceId, now: at } = command;
    switch (command.type) {
      case 'RememberVoice': {
        if (state.voices.some((v) => v.voiceId === voiceId)) return [];
        const name = checkedName(command.name, state, voiceId);
        if (state.voices.length >= MAX_VOICES)
          throw invalid(`An account remembers at most ${MAX_VOICES} voices: forget one first.`);
        if (decodeVoicePrint(command.print) === null) throw invalid('The voice print is not one.');
        const { print, recordingId } = command;
        return [{ type: 'VoiceRemembered', data: { userId, voiceId, name, print, recordingId, at } }];
      }
      case 'RenameVoice': {
        const voice = voiceOf(state, voiceId);
        const name = checkedName(command.name, state, voiceId);
        return name === voice.name ? [] : [{ type: 'VoiceRenamed', data: { userId, voiceId, name, at } }];
      }
      case 'ForgetVoice':
        voiceOf(state, voiceId);
        return [{ type: 'VoiceForgotten', data: { userId, voiceId, at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'VoiceRemembered': {
        const { voiceId, name, print, at } = event.data;
        return { voices: [...state.voices, { voiceId, name, print, createdAt: at }] };
      }
      case 'VoiceRenamed':
        return {
          voices: state.voices.map((v) =>
            v.voiceId === event.data.voiceId ? { ...v, name: event.data.name } : v,
          ),
        };
      case 'VoiceForgotten':
        return { voices: state.voices.filter((v) => v.voiceId !== event.data.voiceId) };
    }
  },
};
