import { resolve } from 'node:path';
import { z } from 'zod';

const repoRoot = resolve(__dirname, '../../../..');

/**
 * The chat feature's settings, read from the process environment when the module starts (docs/support-chat.md
 * lists them). Safe defaults for a localhost install: the embedded assistant and a default site for the app.
 */
export const ChatConfigSchema = z.object({
  SCRIVO_CHAT_SITE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{6,64}$/)
    .default('scrivo-app'),
  /** Comma-separated origins allowed to embed the default site's widget (the app's own origin always is). */
  SCRIVO_CHAT_ALLOWED_ORIGINS: z.string().optional(),
  /** HMAC secret for identify(); generated at first start when unset (learn it by replacing it: POST /api/admin/chat/sites/{key}/secret). */
  SCRIVO_CHAT_IDENTITY_SECRET: z.string().min(16).optional(),
  /** Signs the visitors' session tokens; kept in <data dir>/chat-token.secret when unset. */
  SCRIVO_CHAT_TOKEN_SECRET: z.string().min(16).optional(),
  SCRIVO_CHAT_CONFIDENCE_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
  SCRIVO_CHAT_CONTENT_DIR: z.string().default(resolve(repoRoot, 'content')),
  SCRIVO_CHAT_ASSISTANT: z.enum(['embedded', 'huggingface']).default('embedded'),
  HF_TOKEN: z.string().optional(),
  SCRIVO_CHAT_HF_MODEL: z.string().default('meta-llama/Llama-3.1-8B-Instruct'),
  SCRIVO_CHAT_HF_ENDPOINT: z.string().url().optional(),
  SCRIVO_WIDGET_DIST: z.string().default(resolve(repoRoot, 'widget/dist')),
  SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_SESSION: z.coerce.number().int().min(0).default(20),
  SCRIVO_CHAT_MESSAGES_PER_MINUTE_PER_IP: z.coerce.number().int().min(0).default(60),
  SCRIVO_CHAT_STARTS_PER_HOUR_PER_IP: z.coerce.number().int().min(0).default(60),
  /** An admin counts as available for this long after their last request to the queue. */
  SCRIVO_CHAT_ADMIN_AWAY_SECONDS: z.coerce.number().int().min(1).default(120),
});
export type ChatConfig = z.infer<typeof ChatConfigSchema>;

export const CHAT_CONFIG = Symbol('ChatConfig');
export const ASSISTANT = Symbol('Assistant');

export const loadChatConfig = (env: NodeJS.ProcessEnv = process.env): ChatConfig => {
  const parsed = ChatConfigSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid chat configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  if (parsed.data.SCRIVO_CHAT_ASSISTANT === 'huggingface' && !parsed.data.HF_TOKEN)
    throw new Error(
      'Invalid chat configuration:\n  HF_TOKEN: is required when SCRIVO_CHAT_ASSISTANT=huggingface',
    );
  return parsed.data;
};
