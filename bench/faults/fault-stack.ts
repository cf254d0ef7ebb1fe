import type { HealthBody } from '@scrivo/contracts';

/** A running install a fault run drives traffic into and kills processes of. */
export interface FaultStack {
  /** Where the users' traffic goes (the API, or the load balancer in front of the replicas). */
  readonly url: string;
  /** The event store (SQLite) and the outbox of verification codes. */
  readonly dataDir: string;
  /** The pid of that kind's process now (undefined while it is down). */
  pidOf(kind: string): number | undefined;
  /** Starts the kind again after its kill, where no supervisor does. */
  readonly restart?: (kind: string) => Promise<void>;
  /** The projecting API's /api/health: its projections' checkpoints. */
  health(): Promise<{ status: number; body: HealthBody | null }>;
  stop(): Promise<void>;
}
