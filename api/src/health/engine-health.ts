import type { EngineHealth, EnginePart } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import { z } from 'zod';
import type { AppConfig } from '../config/config';
import { lastJobWorkerHeartbeat, JOB_WORKER_STALE_AFTER_MS } from '../infrastructure/job-worker-heartbeat';
import { speechUrl } from '../recordings/recordings-config';

type EngineName = EngineHealth['name'];

export type EngineHealthConfig = Pick<
  AppConfig,
  | 'NODE_ENV'
  | 'SCRIVO_HEALTH_ENGINES'
  | 'SCRIVO_SPEECH_ENGINE'
  | 'SCRIVO_SPEECH_URL'
  | 'SCRIVO_SPEECH_HOST'
  | 'SCRIVO_SPEECH_PORT'
  | 'SCRIVO_SPEECH_TOKEN'
  | 'SCRIVO_HF_MODEL'
  | 'SCRIVO_LLM_ENGINE'
  | 'SCRIVO_LLM_URL'
  | 'SCRIVO_HF_CHAT_MODEL'
  | 'SCRIVO_LLM_MODEL'
  | 'SCRIVO_IN_PROCESS_JOB_WORKER'
>;

const inProcessJobWorker = (c: EngineHealthConfig): boolean =>
  c.SCRIVO_IN_PROCESS_JOB_WORKER ?? c.NODE_ENV === 'test';

/** The engines whose outage makes the whole answer degraded (SCRIVO_HEALTH_ENGINES, or what runs beside us). */
export const requiredEngines = (c: EngineHealthConfig): ReadonlySet<EngineName> => {
  if (c.SCRIVO_HEALTH_ENGINES === 'none') return new Set();
  if (c.SCRIVO_HEALTH_ENGINES)
    return new Set(
      z.array(z.enum(['speech', 'languageModel', 'jobWorker'])).parse(c.SCRIVO_HEALTH_ENGINES.split(',')),
    );
  if (c.NODE_ENV === 'test') return new Set();
  const required = new Set<EngineName>();
  if (c.SCRIVO_SPEECH_ENGINE === 'local') required.add('speech');
  if (c.SCRIVO_LLM_ENGINE === 'local') required.add('languageModel');
  if (!inProcessJobWorker(c)) required.add('jobWorker');
  return required;
};

// The engines' own health answers, read leniently: an older worker lacks the newer fields.
const PartStatus = z.object({ name: z.string(), degraded: z.string().nullish() });
const SpeechWorkerHealth = z.object({
  status: z.string(),
  model: z.string().optional(),
  error: z.string().optional(),
  diarizer: PartStatus.optional(),
  live: z.object({ english: PartStatus.optional(), otherLanguages: PartStatus.optional() }).optional(),
});
const LanguageModelHealth = z.object({ status: z.string(), model: z.string().optional() });

/** The public answer names no server path: a reason keeps its words, a path becomes its last part. */
const withoutPaths = (text: string): string => text.replace(/(?:\/[\w.@+-]+)+\/([\w.@+-]+)/g, '…/$1');

const part = (name: string, status: z.infer<typeof PartStatus>): EnginePart => ({
  part: name,
  engine: status.name,
  ...(status.degraded ? { degraded: withoutPaths(status.degraded) } : {}),
});

const PROBE_TIMEOUT_MS = 2000;

const getJson = async (url: string, token?: string): Promise<{ status: number; body: unknown }> => {
  const answer = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  return { status: answer.status, body: await answer.json().catch(() => null) };
};

const unreachable = (error: unknown): string => {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${PROBE_TIMEOUT_MS} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : undefined;
  if (code === 'ECONNREFUSED') return 'not running (connection refused)';
  // A kept-alive connection to a process that has just died: the next probe is refused.
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'not running (connection lost)';
  return `unreachable (${code ?? (cause instanceof Error ? cause.message : 'no answer')})`;
};

const speechHealth = async (c: EngineHealthConfig, required: boolean): Promise<EngineHealth> => {
  if (c.SCRIVO_SPEECH_ENGINE === 'huggingface')
    return {
      name: 'speech',
      adapter: 'huggingface',
      ok: true,
      required,
      parts: [{ part: 'speech model', engine: c.SCRIVO_HF_MODEL }],
    };
  const base = { name: 'speech' as const, adapter: 'local', required };
  try {
    const answer = await getJson(`${speechUrl(c)}/health`, c.SCRIVO_SPEECH_TOKEN);
    const parsed = SpeechWorkerHealth.safeParse(answer.body);
    if (!parsed.success)
      return { ...base, ok: false, detail: `unexpected answer (${answer.status})`, parts: [] };
    const worker = parsed.data;
    const parts: EnginePart[] = [];
    if (worker.model) parts.push({ part: 'speech model', engine: worker.model });
    if (worker.diarizer) parts.push(part('diarizer', worker.diarizer));
    if (worker.live?.english) parts.push(part('live captions (English)', worker.live.english));
    if (worker.live?.otherLanguages)
      parts.push(part('live captions (other languages)', worker.live.otherLanguages));
    const ok = answer.status === 200 && worker.status === 'ok';
    const detail =
      worker.status === 'loading'
        ? 'loading the speech model'
        : worker.error
          ? withoutPaths(worker.error)
          : ok
            ? undefined
            : `status ${worker.status}`;
    return { ...base, ok, ...(detail ? { detail } : {}), parts };
  } catch (error) {
    return { ...base, ok: false, detail: unreachable(error), parts: [] };
  }
};

const languageModelHealth = async (c: EngineHealthConfig, required: boolean): Promise<EngineHealth> => {
  if (c.SCRIVO_LLM_ENGINE === 'none')
    return {
      name: 'languageModel',
      adapter: 'none',
      ok: true,
      required,
      detail: 'turned off (SCRIVO_LLM_ENGINE=none): no summaries or machine drafts',
      parts: [],
    };
  if (c.SCRIVO_LLM_ENGINE === 'huggingface')
    return {
      name: 'languageModel',
      adapter: 'huggingface',
      ok: true,
      required,
      parts: [{ part: 'language model', engine: c.SCRIVO_HF_CHAT_MODEL }],
    };
  // Your own endpoint: its address and key stay private; the answer names the model only.
  if (c.SCRIVO_LLM_ENGINE === 'openai')
    return {
      name: 'languageModel',
      adapter: 'openai-compatible',
      ok: true,
      required,
      parts: [{ part: 'language model', engine: c.SCRIVO_LLM_MODEL ?? '' }],
    };
  const base = { name: 'languageModel' as const, adapter: 'local', required };
  try {
    const answer = await getJson(`${c.SCRIVO_LLM_URL}/health`);
    const parsed = LanguageModelHealth.safeParse(answer.body);
    if (!parsed.success)
      return { ...base, ok: false, detail: `unexpected answer (${answer.status})`, parts: [] };
    const ok = answer.status === 200 && parsed.data.status === 'ok';
    return {
      ...base,
      ok,
      ...(ok ? {} : { detail: `status ${parsed.data.status}` }),
      parts: parsed.data.model ? [{ part: 'language model', engine: withoutPaths(parsed.data.model) }] : [],
    };
  } catch (error) {
    return { ...base, ok: false, detail: unreachable(error), parts: [] };
  }
};

const jobWorkerHealth = async (
  c: EngineHealthConfig,
  readModels: ReadModelStore,
  required: boolean,
): Promise<EngineHealth> => {
  if (inProcessJobWorker(c))
    return { name: 'jobWorker', adapter: 'in-process', ok: true, required, parts: [] };
  const base = { name: 'jobWorker' as const, adapter: 'separate', required, parts: [] };
  const beat = await lastJobWorkerHeartbeat(readModels).catch(() => null);
  if (beat === null) return { ...base, ok: false, detail: 'no job worker has reported yet' };
  const silentMs = Date.now() - beat;
  return silentMs <= JOB_WORKER_STALE_AFTER_MS
    ? { ...base, ok: true }
    : { ...base, ok: false, detail: `no heartbeat for ${Math.round(silentMs / 1000)} s` };
};

/** Every engine, each asked at once: a hung one costs the answer at most the probe timeout. */
export const engineHealth = async (
  c: EngineHealthConfig,
  readModels: ReadModelStore,
): Promise<EngineHealth[]> => {
  const required = requiredEngines(c);
  return Promise.all([
    speechHealth(c, required.has('speech')),
    languageModelHealth(c, required.has('languageModel')),
    jobWorkerHealth(c, readModels, required.has('jobWorker')),
  ]);
};
