import { z } from 'zod';

/**
 * The live-recording WebSocket (`/api/live/socket`): its messages, typed here for the API and the web app.
 *
 * Audio travels as binary messages: a 4-byte little-endian unsigned sequence number (frames are numbered from 1,
 * one after another) followed by 16 kHz mono signed 16-bit little-endian PCM. Everything else is JSON text.
 */
export const LIVE_SOCKET_PATH = '/api/live/socket';
export const LIVE_SAMPLE_RATE = 16_000;
export const LIVE_FRAME_HEADER_BYTES = 4;
/** Half a second of audio at most per frame; the web app sends 100 ms. */
export const LIVE_MAX_FRAME_PCM_BYTES = 16_000;

const language = z
  .string()
  .regex(/^[a-z]{2,3}$/, 'an ISO 639-1 code such as "en"')
  .nullable();

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  /** A new session. `language` null = detect from the first seconds. */
  z.object({
    type: z.literal('start'),
    title: z.string().trim().max(200).optional(),
    language,
    /** Record into a workspace the caller may upload to (members and up); absent: their own space. */
    workspaceId: z.string().min(1).max(100).optional(),
  }),
  /** Reconnect to a session of one's own after a dropped connection or a reload. */
  z.object({ type: z.literal('attach'), sessionId: z.string().min(1).max(100) }),
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('stop') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export const liveSessionStatusSchema = z.enum(['recording', 'paused', 'stopped', 'finalized']);

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  /** The session is open: send frames after `lastSequence` (all earlier ones are stored). */
  z.object({
    type: z.literal('session'),
    sessionId: z.string(),
    status: liveSessionStatusSchema,
    lastSequence: z.number().int(),
    totalSeconds: z.number(),
    /** Seconds of audio the plan allows in this session; null = unlimited. */
    allowanceSeconds: z.number().nullable(),
    language: z.string().nullable(),
  }),
  /** Every frame up to `sequence` is stored: the browser may forget them. */
  z.object({ type: z.literal('ack'), sequence: z.number().int(), totalSeconds: z.number() }),
  /** Words that may still change; replaces the previous partial. Times in seconds of session audio. */
  z.object({ type: z.literal('partial'), text: z.string(), start: z.number() }),
  /** Settled words, appended to the live text. */
  z.object({ type: z.literal('final'), text: z.string(), start: z.number(), end: z.number() }),
  /**
   * A finished line read again (cased and punctuated like a file's transcript): the finals from `start` to `end`
   * are shown as `text` instead.
   */
  z.object({ type: z.literal('revise'), text: z.string(), start: z.number(), end: z.number() }),
  z.object({ type: z.literal('language'), language: z.string(), engine: z.string() }),
  /** Recognition is more than a couple of seconds behind the audio (or has caught up again). */
  z.object({ type: z.literal('lag'), behind: z.boolean(), seconds: z.number() }),
  z.object({ type: z.literal('paused') }),
  z.object({ type: z.literal('resumed') }),
  z.object({
    type: z.literal('stopped'),
    reason: z.enum(['user', 'allowance']),
    totalSeconds: z.number(),
  }),
  /** The session is a recording in the library now; its final transcript follows like an upload's. */
  z.object({ type: z.literal('finalized'), recordingId: z.string() }),
  /** A refusal. `fatal` ones close the socket; the others refuse one message (e.g. a frame) only. */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    fatal: z.boolean(),
    expectedSequence: z.number().int().optional(),
  }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
