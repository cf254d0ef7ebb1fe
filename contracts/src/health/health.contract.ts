import { initContract } from '@ts-rest/core';
import { z } from 'zod';

const c = initContract();

export const AdapterHealth = z.object({
  port: z.string(),
  adapter: z.string(),
  ok: z.boolean(),
  detail: z.string().optional(),
});

export const ProjectionHealth = z.object({
  name: z.string(),
  checkpoint: z.number(),
  /** Events appended but not yet applied by this projection. */
  behind: z.number(),
  lastLagMs: z.number().nullable(),
  running: z.boolean(),
  error: z.string().nullable(),
});

/** One part an engine runs (the speech model, the diarizer, a live-captions engine, the language model). */
export const EnginePart = z.object({
  part: z.string(),
  /** What runs it, as the engine names it: `base`, `campplus`, `vosk`, a model file's name. */
  engine: z.string(),
  /** Why this part runs in a lesser form, when it does (a missing model, a fallback). */
  degraded: z.string().optional(),
});

/** A process the API depends on, checked through its own health answer (or the job worker's heartbeat). */
export const EngineHealth = z.object({
  name: z.enum(['speech', 'languageModel', 'jobWorker']),
  /** local, huggingface, none, in-process, separate: which implementation this configuration uses. */
  adapter: z.string(),
  ok: z.boolean(),
  /** Whether this engine being down makes the whole answer degraded (SCRIVO_HEALTH_ENGINES). */
  required: z.boolean(),
  detail: z.string().optional(),
  parts: z.array(EnginePart),
});
export type EnginePart = z.infer<typeof EnginePart>;
export type EngineHealth = z.infer<typeof EngineHealth>;

export const HealthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  adapters: z.array(AdapterHealth),
  projections: z.array(ProjectionHealth),
  engines: z.array(EngineHealth),
});
export type HealthBody = z.infer<typeof HealthBody>;

export const healthContract = c.router({
  health: {
    method: 'GET',
    path: '/api/health',
    responses: { 200: HealthBody, 503: HealthBody },
    summary:
      'Liveness and readiness: each adapter, each projection with its lag, and each engine (speech, language model, job worker)',
  },
});
