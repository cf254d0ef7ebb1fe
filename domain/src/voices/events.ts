import type { DomainEvent } from '../kernel/events';

// ---- one account's remembered voices: `voices-{userId}` ----
/**
 * A person named once, to be known in every later recording of the account. `print` is their voice print (the
 * speech engine's embedding, see voice-print.ts), made from `speaker`'s speech in `recordingId`: biometric data,
 * sealed with the account's key like `name` (`PERSONAL_DATA`).
 */
export type VoiceRemembered = DomainEvent<
  'VoiceRemembered',
  { userId: string; voiceId: string; name: string; print: string; recordingId: string; at: string }
>;
export type VoiceRenamed = DomainEvent<
  'VoiceRenamed',
  { userId: string; voiceId: string; name: string; at: string }
>;
/** The voice and its print are gone: later recordings no longer name that person. */
export type VoiceForgotten = DomainEvent<'VoiceForgotten', { userId: string; voiceId: string; at: string }>;

export type VoiceEvent = VoiceRemembered | VoiceRenamed | VoiceForgotten;
export const VOICE_EVENT_TYPES: readonly VoiceEvent['type'][] = [
  'VoiceRemembered',
  'VoiceRenamed',
  'VoiceForgotten',
];

export const voicesStream = (userId: string) => `voices-${userId}`;

const VOICE_TYPES = new Set<string>(VOICE_EVENT_TYPES);
export const isVoiceEvent = (event: DomainEvent): event is VoiceEvent => VOICE_TYPES.has(event.type);
