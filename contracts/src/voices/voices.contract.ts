import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';

const c = initContract();

/**
 * Remembered voices: a speaker of one of the account's recordings, named once ("Remember this voice" where a speaker
 * is renamed), is given that name in every later transcript of the account where their voice is recognised. The
 * voice print is made from that speaker's speech in that recording; it is biometric data, sealed with the account's
 * key, listed in "Download my data", and never leaves the server.
 */
export const MAX_VOICE_NAME = 100;

export const VoiceName = z.object({ name: z.string().trim().min(1).max(MAX_VOICE_NAME) });
export type VoiceName = z.infer<typeof VoiceName>;

export const RememberVoiceBody = z.object({
  recordingId: z.string().min(1).max(100),
  /** The speaker as the transcript now shows them (after any rename). */
  speaker: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(MAX_VOICE_NAME),
});
export type RememberVoiceBody = z.infer<typeof RememberVoiceBody>;

export const RememberedVoice = z.object({ id: z.string(), name: z.string() });
export type RememberedVoice = z.infer<typeof RememberedVoice>;

export const VoiceListItem = RememberedVoice.extend({ createdAt: z.string() });
export type VoiceListItem = z.infer<typeof VoiceListItem>;
export const VoiceList = z.object({ voices: z.array(VoiceListItem) });
export type VoiceList = z.infer<typeof VoiceList>;

const voiceId = z.object({ voiceId: z.string().min(1).max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const voicesContract = c.router({
  list: {
    method: 'GET',
    path: '/api/voices',
    responses: { 200: VoiceList, 401: ErrorBody },
    summary: "The account's remembered voices, oldest first",
  },
  remember: {
    method: 'POST',
    path: '/api/voices',
    body: RememberVoiceBody,
    responses: { 201: RememberedVoice, ...errors, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody },
    summary:
      "Remember a speaker's voice under a name, from their speech in one of the account's recordings (404 unknown " +
      'recording; 422 a speaker not in its transcript or with under 3 s of speech; 409 a name already remembered)',
  },
  rename: {
    method: 'PATCH',
    path: '/api/voices/:voiceId',
    pathParams: voiceId,
    body: VoiceName,
    responses: { 200: RememberedVoice, ...errors, 409: ErrorBody },
    summary: 'Rename a remembered voice (later transcripts use the new name)',
  },
  forget: {
    method: 'DELETE',
    path: '/api/voices/:voiceId',
    pathParams: voiceId,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors },
    summary: 'Forget a remembered voice and delete its voice print',
  },
});
