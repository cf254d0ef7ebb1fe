import { resolve } from 'node:path';
import { z } from 'zod';
import { PLAN_IDS } from '@scrivo/domain/plans';
import { SIGNUP_POLICIES } from '@scrivo/domain/accounts';

/** Addresses that only this machine can reach. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Billing with Stripe is on when every one of these is set. */
export const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PREMIUM_WEEKLY',
  'STRIPE_PRICE_PREMIUM_MONTHLY',
  'STRIPE_PRICE_BUSINESS_PRO_WEEKLY',
  'STRIPE_PRICE_BUSINESS_PRO_MONTHLY',
] as const;

/**
 * Every setting comes from the environment and is checked here at start-up, so a typo fails fast with a message
 * that names the variable. README.md documents each one.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Loopback by default: listening beyond this machine needs SCRIVO_PUBLIC_URL (see the check below). */
    HOST: z.string().default('127.0.0.1'),
    SCRIVO_DATA_DIR: z.string().default('./.data'),
    /**
     * The address users reach the app at: links in emails, OAuth callbacks, the origin CSRF and the widget trust,
     * cookie security. Never taken from request headers; defaults to http://localhost:$PORT on loopback only.
     */
    SCRIVO_PUBLIC_URL: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http:// or https:// address')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    SCRIVO_EVENT_STORE: z.enum(['sqlite', 'eventstoredb']).default('sqlite'),
    EVENTSTORE_URL: z.string().optional(),
    SCRIVO_READ_MODELS: z.enum(['sqlite', 'mongodb']).default('sqlite'),
    MONGODB_URL: z.string().optional(),
    MONGODB_DB: z.string().default('scrivo'),
    SCRIVO_BLOB_STORE: z.enum(['local', 'minio']).default('local'),
    MINIO_URL: z.string().url().optional(),
    MINIO_ACCESS_KEY: z.string().optional(),
    MINIO_SECRET_KEY: z.string().optional(),
    MINIO_BUCKET: z.string().default('scrivo'),
    MINIO_REGION: z.string().default('us-east-1'),

    /** Run the read-model projections in this process. In production exactly one process (the projector) does. */
    SCRIVO_RUN_PROJECTIONS: bool.default('true'),
    /** Where the built SPA is; the API serves it when the folder exists. */
    SCRIVO_WEB_DIST: z.string().default(resolve(__dirname, '../../../web/dist')),

    // Accounts (docs/accounts.md): mail, Google sign-in, the start-up admin, rate limits.
    /** outbox: write each email as an .eml file to $SCRIVO_DATA_DIR/outbox; smtp: send through SMTP_URL. */
    SCRIVO_MAILER: z.enum(['outbox', 'smtp']).default('outbox'),
    /** How long the outbox keeps a message (codes, names): older .eml files are deleted. */
    SCRIVO_OUTBOX_RETENTION_HOURS: z.coerce.number().positive().max(8760).default(168),
    SMTP_URL: z.string().url().optional(),
    SCRIVO_MAIL_FROM: z.string().default('Scrivo <no-reply@localhost>'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTH_URL: z.string().url().optional(),
    GOOGLE_TOKEN_URL: z.string().url().optional(),
    GOOGLE_USERINFO_URL: z.string().url().optional(),
    SCRIVO_ADMIN_EMAIL: z.string().email().optional(),
    SCRIVO_ADMIN_PASSWORD: z.string().min(8).optional(),
    /** A read-only auditor created (or its password reset) at start-up, like the admin above. */
    SCRIVO_AUDITOR_EMAIL: z.string().email().optional(),
    SCRIVO_AUDITOR_PASSWORD: z.string().min(8).optional(),
    /**
     * Keys the hash that names the streams of an email address (`user-email-h-{hmac}`), so no stream name holds
     * an address. Kept in $SCRIVO_DATA_DIR/email-key.secret when unset; every process must share one.
     */
    SCRIVO_EMAIL_KEY_SECRET: z.string().min(16).optional(),
    /** The plan every new account starts on: a private install sets business_pro and everyone gets everything. */
    SCRIVO_DEFAULT_PLAN: z
      .enum(PLAN_IDS, { message: `must be one of ${PLAN_IDS.join(', ')} (the plan new accounts start on)` })
      .default('free'),
    /** open: anyone signs up; invite: only addresses an admin invited; closed: only admins create accounts. */
    SCRIVO_SIGNUPS: z
      .enum(SIGNUP_POLICIES, {
        message: `must be one of ${SIGNUP_POLICIES.join(', ')} (who may create an account)`,
      })
      .default('open'),
    /** Where people ask for a paid plan when no payment provider is set up (shown next to the pricing buttons). */
    SCRIVO_SUPPORT_EMAIL: z
      .string()
      .email('must be an email address (shown to users who want a paid plan)')
      .optional(),
    // Billing with Stripe (README "Billing with Stripe"): on when the key, the webhook secret and the four prices
    // are set; all or none of them.
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_PREMIUM_WEEKLY: z.string().min(1).optional(),
    STRIPE_PRICE_PREMIUM_MONTHLY: z.string().min(1).optional(),
    STRIPE_PRICE_BUSINESS_PRO_WEEKLY: z.string().min(1).optional(),
    STRIPE_PRICE_BUSINESS_PRO_MONTHLY: z.string().min(1).optional(),
    /** Another Stripe API endpoint (protocol, host and port), e.g. stripe-mock for tests. */
    STRIPE_API_BASE: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http:// or https:// address')
      .optional(),
    /** Multiplies every sign-in/verification/reset rate limit (0 turns them off, e.g. for load tests). */
    SCRIVO_AUTH_RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
    /** Requests per minute one API key may make (docs/api-keys.md); scripts get 429 with Retry-After beyond. */
    SCRIVO_API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),

    /** How long POST /v1/audio/transcriptions waits for the transcript before a 504 (the recording carries on). */
    SCRIVO_OPENAI_WAIT_SECONDS: z.coerce.number().int().min(1).default(540),
    // Webhooks (docs/webhooks.md).
    /** Let webhooks reach loopback, private and link-local addresses (refused by default: SSRF). */
    SCRIVO_WEBHOOKS_ALLOW_PRIVATE: bool.default('false'),
    /** How often the projector sends the webhook deliveries that are due. */
    SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(50).default(2_000),
    /** Wait before the first retry of a failed delivery; each next wait doubles (up to 4 h, for a day). */
    SCRIVO_WEBHOOK_FIRST_RETRY_MS: z.coerce.number().int().min(10).default(30_000),
    /** How long a receiver has to answer. */
    SCRIVO_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),

    // Recordings and transcription (docs/transcription.md).
    /** Installation-wide cap on one upload, in bytes, on top of each plan's limit. */
    SCRIVO_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 ** 3),
    /** How long a deleted recording can be restored; its media is erased after that. */
    SCRIVO_RESTORE_GRACE_SECONDS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(30 * 24 * 3600),
    /** local = the Python speech worker (faster-whisper); huggingface = @huggingface/inference. */
    SCRIVO_SPEECH_ENGINE: z.enum(['local', 'huggingface']).default('local'),
    SCRIVO_SPEECH_HOST: z.string().default('127.0.0.1'),
    SCRIVO_SPEECH_PORT: z.coerce.number().int().min(1).max(65535).default(8765),
    /** Full URL of the local speech worker; overrides host and port. */
    SCRIVO_SPEECH_URL: z.string().url().optional(),
    SCRIVO_SPEECH_TOKEN: z.string().optional(),
    SCRIVO_WHISPER_MODEL: z.string().default('base'),
    HF_TOKEN: z.string().optional(),
    SCRIVO_HF_MODEL: z.string().default('openai/whisper-large-v3'),
    /** Any endpoint speaking the Hugging Face automatic-speech-recognition protocol. */
    SCRIVO_HF_ENDPOINT: z.string().url().optional(),
    /** Job lease: a worker silent for this long loses its job to another worker. */
    SCRIVO_JOB_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
    /**
     * Run a job worker inside the API process (tiny installs; unset = only under NODE_ENV=test). `npm start`
     * runs api/dist/worker-main.js beside the API instead.
     */
    SCRIVO_IN_PROCESS_JOB_WORKER: bool.optional(),
    /**
     * The engines whose outage makes /api/health answer degraded: a comma list of speech, languageModel,
     * jobWorker, or `none`. Unset: each engine this configuration runs beside the API (none under NODE_ENV=test,
     * where each test starts only the engines it uses). Every engine is reported either way.
     */
    SCRIVO_HEALTH_ENGINES: z
      .string()
      .regex(
        /^(none|(speech|languageModel|jobWorker)(,(speech|languageModel|jobWorker))*)$/,
        'a comma list of speech, languageModel, jobWorker, or none',
      )
      .optional(),
    /** A live session whose socket is gone this long, with no reconnect, is stopped and saved as a recording. */
    SCRIVO_LIVE_ABANDONED_AFTER_MS: z.coerce.number().int().min(100).default(600_000),
    /** The summary and translation worker in the API process; unset = as SCRIVO_IN_PROCESS_JOB_WORKER. */
    SCRIVO_IN_PROCESS_LANGUAGE_WORKER: bool.optional(),
    /** How often the projector deletes "Download my data" archives whose download link has expired. */
    SCRIVO_EXPORT_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(100).default(600_000),
    /** How often the projector looks for deleted recordings whose media is due to be erased. */
    SCRIVO_MEDIA_PURGE_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
    /** How often workspaces' retention policies are applied (a recording is removed at most this late). */
    SCRIVO_RETENTION_INTERVAL_MS: z.coerce.number().int().min(100).default(3_600_000),
    /** How long a job waits for an unreachable speech engine (stopped, restarting) before spending an attempt. */
    SCRIVO_SPEECH_OUTAGE_MAX_MS: z.coerce.number().int().min(0).default(1_800_000),
    /**
     * Recordings longer than this are cut at pauses into pieces of about SCRIVO_PIECE_SECONDS, each its own job
     * (any speech worker takes any piece; other people's clips are taken between two pieces).
     */
    SCRIVO_PIECE_THRESHOLD_SECONDS: z.coerce.number().min(1).default(240),
    // 120 s: another user's clip waits for the piece running now, 6-12 s at RTF 0.05-0.1 (2 cores, busy or not).
    SCRIVO_PIECE_SECONDS: z.coerce.number().min(1).default(120),
    /** How far from the aimed-at length a cut may move to find the quietest 0.3 s. */
    SCRIVO_PIECE_WINDOW_SECONDS: z.coerce.number().min(0).default(30),
    /** How often the API looks for uploads a crash or a storage failure left unfinished (and expired ones). */
    SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
    /** An unfinished upload is only recovered once idle this long (a live request may still be finishing it). */
    SCRIVO_UPLOAD_SETTLE_MS: z.coerce.number().int().min(0).default(300_000),
    /** A resumable (tus) upload left unfinished this long is removed with its half-made recording. */
    SCRIVO_TUS_UPLOAD_EXPIRY_SECONDS: z.coerce.number().int().min(1).default(86_400),
    /**
     * How job workers find work. All keep jobs as streams on the event store, claimed with leases. embedded: each
     * process watches every job through a catch-up subscription (any event store). eventstoredb: a persistent
     * subscription (consumer group) hands each job to one worker; needs SCRIVO_EVENT_STORE=eventstoredb. mongodb:
     * a shared index of the jobs on MongoDB that every worker queries (any event store); needs MONGODB_URL.
     */
    SCRIVO_JOB_QUEUE: z.enum(['embedded', 'eventstoredb', 'mongodb']).default('embedded'),
    /**
     * Who writes summaries and machine-draft translations. local = the language model service (llm/server.mjs,
     * started by `npm start`); huggingface = chat completion through @huggingface/inference; openai = your own
     * model behind any OpenAI-compatible chat endpoint (Ollama, llama.cpp server, vLLM, LM Studio); none = off.
     */
    SCRIVO_LLM_ENGINE: z.enum(['local', 'huggingface', 'openai', 'none']).default('local'),
    /** openai: the endpoint's base address, up to its version (Ollama: http://localhost:11434/v1). */
    SCRIVO_LLM_BASE_URL: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http:// or https:// address')
      .optional(),
    /** openai: the bearer token, if the endpoint wants one. A secret: never logged or shown. */
    SCRIVO_LLM_API_KEY: z.string().optional(),
    /** openai: the model the endpoint runs (required). With local, the GGUF file llm/server.mjs loads. */
    SCRIVO_LLM_MODEL: z.string().min(1).optional(),
    /**
     * openai: how a JSON answer is asked for. json_schema = `response_format` with the schema (OpenAI, vLLM,
     * llama.cpp server, LM Studio); ollama = Ollama's `format` field with the schema; json_object = any JSON, the
     * shape in the prompt; none = the shape in the prompt only.
     */
    SCRIVO_LLM_JSON_MODE: z.enum(['json_schema', 'ollama', 'json_object', 'none']).default('json_schema'),
    /** Where the local language model service listens. */
    SCRIVO_LLM_URL: z.string().url().default('http://127.0.0.1:8766'),
    /** Hugging Face chat model for summaries (hosted router), or any endpoint speaking chat completion. */
    SCRIVO_HF_CHAT_MODEL: z.string().default('Qwen/Qwen2.5-7B-Instruct'),
    SCRIVO_HF_CHAT_ENDPOINT: z.string().url().optional(),
    /**
     * Text translation: local = the language model (labelled a machine draft); huggingface = a hosted translation
     * model (NLLB by default) through @huggingface/inference.
     */
    SCRIVO_TRANSLATION_ENGINE: z.enum(['local', 'huggingface']).default('local'),
    SCRIVO_HF_TRANSLATION_MODEL: z.string().default('facebook/nllb-200-distilled-600M'),
    SCRIVO_HF_TRANSLATION_ENDPOINT: z.string().url().optional(),
    /**
     * The niceness of batch work (0 to 19; 0: off): the job worker and the ffmpeg it starts, and the ffmpeg the API
     * starts to read an upload, run at least this low, as do the speech worker and the local language model (which
     * read the same setting), so that on a shared machine the API answers first. 10 is `nice`'s default level.
     */
    SCRIVO_BACKGROUND_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /** Summary and translation jobs run at once per job worker (apart from transcription, so neither starves). */
    SCRIVO_LANGUAGE_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** A font with CJK glyphs for PDF exports (Debian's fonts-noto-cjk); without it such text uses DejaVu. */
    SCRIVO_CJK_FONT: z.string().default('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  })
  .superRefine((c, ctx) => {
    if (!c.SCRIVO_PUBLIC_URL && !isLoopback(c.HOST))
      ctx.addIssue({
        code: 'custom',
        path: ['SCRIVO_PUBLIC_URL'],
        message:
          `is required when HOST=${c.HOST} listens beyond this machine: links in emails are built from it, never ` +
          'from request headers. Set it to the address users reach Scrivo at (e.g. https://scrivo.example.com), ' +
          'or set HOST=127.0.0.1',
      });
    if (c.SCRIVO_MAILER === 'smtp' && !c.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when SCRIVO_MAILER=smtp' });
    if (Boolean(c.SCRIVO_ADMIN_EMAIL) !== Boolean(c.SCRIVO_ADMIN_PASSWORD))
      ctx.addIssue({
        code: 'custom',
        path: ['SCRIVO_ADMIN_PASSWORD'],
        message: 'SCRIVO_ADMIN_EMAIL and SCRIVO_ADMIN_PASSWORD must be set together',
      });
    if (Boolean(c.SCRIVO_AUDITOR_EMAIL) !== Boolean(c.SCRIVO_AUDITOR_PASSWORD))
      ctx.addIssue({
        code: 'custom',
        path: ['SCRIVO_AUDITOR_PASSWORD'],
        message: 'SCRIVO_AUDITOR_EMAIL and SCRIVO_AUDITOR_PASSWORD must be set together',
      });
    if (c.SCRIVO_EVENT_STORE === 'eventstoredb' && !c.EVENTSTORE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['EVENTSTORE_URL'],
        message: 'is required when SCRIVO_EVENT_STORE=eventstoredb',
      });
    // Processes on a shared event store share no data folder: a secret generated in each would name every
    // address's streams differently on each replica.
    if (c.SCRIVO_EVENT_STORE === 'eventstoredb' && !c.SCRIVO_EMAIL_KEY_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['SCRIVO_EMAIL_KEY_SECRET'],
        message:
          'is required when SCRIVO_EVENT_STORE=eventstoredb (every API replica, projector and job worker must use the same one)',
      });
    if (c.SCRIVO_JOB_QUEUE === 'eventstoredb' && c.SCRIVO_EVENT_STORE !== 'eventstoredb')
      ctx.addIssue({
        code: 'custom',
        path: ['SCRIVO_JOB_QUEUE'],
        message: 'eventstoredb needs SCRIVO_EVENT_STORE=eventstoredb (jobs live on the event store)',
      });
    if (c.SCRIVO_JOB_QUEUE === 'mongodb' && !c.MONGODB_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['MONGODB_URL'],
        message:
          'is required when SCRIVO_JOB_QUEUE=mongodb: the MongoDB every API and job worker shares, e.g. mongodb://mongo:27017/?replicaSet=rs0',
      });
    if (c.SCRIVO_LLM_ENGINE === 'openai' && !c.SCRIVO_LLM_BASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SCRIVO_LLM_BASE_URL'],
        message:
          'is required when SCRIVO_LLM_ENGINE=openai: the endpoint up to its version, e.g. http://localhost:11434/v1 (Ollama)',
      });
    if (c.SCRIVO_LLM_ENGINE === 'openai' && !c.SCRIVO_LLM_MODEL)
      ctx.addIssue({
        code: 'custom',
        path: ['SCRIVO_LLM_MODEL'],
        message:
          'is required when SCRIVO_LLM_ENGINE=openai: the model the endpoint runs, e.g. qwen2.5:7b-instruct',
      });
    if (c.SCRIVO_READ_MODELS === 'mongodb' && !c.MONGODB_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['MONGODB_URL'],
        message: 'is required when SCRIVO_READ_MODELS=mongodb',
      });
    const stripe = STRIPE_SETTINGS.filter((name) => c[name] !== undefined);
    if (stripe.length > 0 && stripe.length < STRIPE_SETTINGS.length)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          `billing with Stripe needs all of ${STRIPE_SETTINGS.join(', ')}; missing: ` +
          STRIPE_SETTINGS.filter((name) => c[name] === undefined).join(', ') +
          ' (or set none of them: paid plans are then granted by the administrator)',
      });
    if (c.SCRIVO_BLOB_STORE === 'minio' && (!c.MINIO_URL || !c.MINIO_ACCESS_KEY || !c.MINIO_SECRET_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['MINIO_URL'],
        message: 'MINIO_URL, MINIO_ACCESS_KEY and MINIO_SECRET_KEY are required when SCRIVO_BLOB_STORE=minio',
      });
  });

/** The validated settings; SCRIVO_PUBLIC_URL is always known once loaded (the loopback default filled in). */
export type AppConfig = z.infer<typeof ConfigSchema> & {
  readonly SCRIVO_PUBLIC_URL: string;
  /** True when SCRIVO_PUBLIC_URL was not set and the loopback default is used. */
  readonly publicUrlIsDefault: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { SCRIVO_PUBLIC_URL, PORT } = parsed.data;
  return {
    ...parsed.data,
    SCRIVO_DATA_DIR: resolve(parsed.data.SCRIVO_DATA_DIR),
    SCRIVO_PUBLIC_URL: (SCRIVO_PUBLIC_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, ''),
    publicUrlIsDefault: !SCRIVO_PUBLIC_URL,
  };
};

/**
 * The origins this app is served from, as a browser names them in Origin: the public URL's, plus the other
 * spellings of loopback when that URL is the loopback default (localhost and 127.0.0.1 are one machine).
 * CSRF and the widget's own-site checks use this list; the request's Host header is never trusted.
 */
export const ownOrigins = (config: AppConfig): readonly string[] => {
  const origin = new URL(config.SCRIVO_PUBLIC_URL).origin;
  if (!config.publicUrlIsDefault) return [origin];
  return [origin, `http://127.0.0.1:${config.PORT}`];
};

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
