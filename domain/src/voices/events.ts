import type { DomainEvent } from '../kernel/events';
import { workspaceGlossaryOwner } from '../vocabulary/events';

// ---- remembered voices: `voices-{userId}`, an account's, or `voices-workspace-{workspaceId}`, a workspace's ----
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
/**
 * Whose a workspace's voices are: the `userId` of its commands and events. The same subject as its glossary's, so
 * the workspace's one key seals both, readable to its members whoever remembered them.
 */
export const workspaceVoicesOwner = workspaceGlossaryOwner;

const VOICE_TYPES = new Set<string>(VOICE_EVENT_TYPES);
export const isVoiceEvent = (event: DomainEvent): event is VoiceEvent => VOICE_TYPES.has(event.type);
