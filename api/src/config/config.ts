import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every setting comes from the environment and is checked here at start-up, so a typo fails fast with a message
 * that names the variable. README.md documents each one.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    SCRIVO_DATA_DIR: z.string().default('./.data'),
    /** The address users reach the app at: used in emails, OAuth callbacks and cookie security. */
    SCRIVO_PUBLIC_URL: z.string().url().optional(),
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
    SCRIVO_WEB_DIST: z.string().default(resolve(__dirname, '../../web/dist')),
  })
  .superRefine((c, ctx) => {
    if (c.SCRIVO_EVENT_STORE === 'eventstoredb' && !c.EVENTSTORE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['EVENTSTORE_URL'],
        message: 'is required when SCRIVO_EVENT_STORE=eventstoredb',
      });
    if (c.SCRIVO_READ_MODELS === 'mongodb' && !c.MONGODB_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['MONGODB_URL'],
        message: 'is required when SCRIVO_READ_MODELS=mongodb',
      });
    if (c.SCRIVO_BLOB_STORE === 'minio' && (!c.MINIO_URL || !c.MINIO_ACCESS_KEY || !c.MINIO_SECRET_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['MINIO_URL'],
        message: 'MINIO_URL, MINIO_ACCESS_KEY and MINIO_SECRET_KEY are required when SCRIVO_BLOB_STORE=minio',
      });
  });

export type AppConfig = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, SCRIVO_DATA_DIR: resolve(parsed.data.SCRIVO_DATA_DIR) };
};

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
