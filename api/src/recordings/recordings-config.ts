import { z } from 'zod';

/** The recordings feature's settings (README documents each). Read once at start-up, checked here. */
export const RecordingsConfigSchema = z.object({
  /** Installation-wide cap on one upload, in bytes, on top of each plan's limit. */
  SCRIVO_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 ** 3),
  /** How long a deleted recording can be restored. */
  SCRIVO_RESTORE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(30 * 24 * 3600),
  /** 'local' = the Python worker (faster-whisper); 'huggingface' = @huggingface/inference. */
  SCRIVO_SPEECH_ENGINE: z.enum(['local', 'huggingface']).default('local'),
  SCRIVO_SPEECH_HOST: z.string().default('127.0.0.1'),
  SCRIVO_SPEECH_PORT: z.coerce.number().int().default(8765),
  /** Full URL of the local worker; overrides host and port. */
  SCRIVO_SPEECH_URL: z.string().url().optional(),
  SCRIVO_SPEECH_TOKEN: z.string().optional(),
  SCRIVO_WHISPER_MODEL: z.string().default('base'),
  HF_TOKEN: z.string().optional(),
  SCRIVO_HF_MODEL: z.string().default('openai/whisper-large-v3'),
  /** Any endpoint speaking the HF automatic-speech-recognition protocol. */
  SCRIVO_HF_ENDPOINT: z.string().url().optional(),
  /** Job lease: a worker silent for this long loses its job to another worker. */
  SCRIVO_JOB_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
});
export type RecordingsConfig = z.infer<typeof RecordingsConfigSchema>;

export const loadRecordingsConfig = (env: NodeJS.ProcessEnv = process.env): RecordingsConfig => {
  const parsed = RecordingsConfigSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  return parsed.data;
};

export const speechUrl = (c: RecordingsConfig): string =>
  c.SCRIVO_SPEECH_URL ?? `http://${c.SCRIVO_SPEECH_HOST}:${c.SCRIVO_SPEECH_PORT}`;
