import type { HealthBody } from '@scrivo/contracts';
import type { SmallDisk } from '../../api/test/support/small-disk';

/** A running install a fault run drives traffic into and kills processes of. */
export interface FaultStack {
  /** Where the users' traffic goes (the API, or the load balancer in front of the replicas). */
  readonly url: string;
  /** The event store (SQLite) and the outbox of verification codes. */
  readonly dataDir: string;
  /** The pid of that kind's process now (undefined while it is down). */
  pidOf(kind: string): number | undefined;
  /** What else the kill of that kind does or leaves alone, for the run's log (e.g. FerretDB's PostgreSQL). */
  readonly killNote?: (kind: string) => string | undefined;
  /** Starts the kind again after its kill, where no supervisor does. */
  readonly restart?: (kind: string) => Promise<void>;
  /** The projecting API's /api/health: its projections' checkpoints. */
  health(): Promise<{ status: number; body: HealthBody | null }>;
  /** The small disk the data folder is on, where the run asked for one (to fill it and free it again). */
  readonly disk?: Pick<SmallDisk, 'fill' | 'free'>;
  stop(): Promise<void>;
}
