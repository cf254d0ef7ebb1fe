import type { AppConfig } from '../config/config';

/** The recordings feature's settings: part of the shared, validated AppConfig (api/src/config/config.ts). */
export type RecordingsConfig = Pick<
  AppConfig,
  | 'SCRIVO_MAX_UPLOAD_BYTES'
  | 'SCRIVO_RESTORE_GRACE_SECONDS'
  | 'SCRIVO_SPEECH_ENGINE'
  | 'SCRIVO_SPEECH_HOST'
  | 'SCRIVO_SPEECH_PORT'
  | 'SCRIVO_SPEECH_URL'
  | 'SCRIVO_SPEECH_TOKEN'
  | 'SCRIVO_WHISPER_MODEL'
  | 'HF_TOKEN'
  | 'SCRIVO_HF_MODEL'
  | 'SCRIVO_HF_ENDPOINT'
  | 'SCRIVO_JOB_LEASE_MS'
  | 'SCRIVO_IN_PROCESS_JOB_WORKER'
  | 'SCRIVO_MEDIA_PURGE_INTERVAL_MS'
  | 'SCRIVO_SPEECH_OUTAGE_MAX_MS'
  | 'SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS'
  | 'SCRIVO_UPLOAD_SETTLE_MS'
  | 'SCRIVO_TUS_UPLOAD_EXPIRY_SECONDS'
  | 'SCRIVO_JOB_QUEUE'
  | 'MONGODB_URL'
  | 'MONGODB_DB'
  | 'SCRIVO_CJK_FONT'
>;

export const speechUrl = (
  c: Pick<RecordingsConfig, 'SCRIVO_SPEECH_URL' | 'SCRIVO_SPEECH_HOST' | 'SCRIVO_SPEECH_PORT'>,
): string => c.SCRIVO_SPEECH_URL ?? `http://${c.SCRIVO_SPEECH_HOST}:${c.SCRIVO_SPEECH_PORT}`;
