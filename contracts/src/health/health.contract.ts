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

export const HealthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  adapters: z.array(AdapterHealth),
  projections: z.array(ProjectionHealth),
});
export type HealthBody = z.infer<typeof HealthBody>;

export const healthContract = c.router({
  health: {
    method: 'GET',
    path: '/api/health',
    responses: { 200: HealthBody, 503: HealthBody },
    summary: 'Liveness and readiness: each adapter and each projection with its lag',
  },
});
