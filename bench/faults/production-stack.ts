// The production stack as far as this machine runs it (docs/operations.md "Production stack", and
// api/test/topology/production-topology.test.ts): read models and the job queue on FerretDB, blobs and resumable
// uploads on MinIO, one projecting API, two API replicas behind a load balancer, two job workers, the speech
// worker and the language model; the event store stays SQLite (no EventStoreDB here). The run kills an API
// replica, the projector, one of the two job workers (its jobs' leases live in FerretDB, so the other worker must
// take them over), the speech worker, the language model, FerretDB and MinIO, and starts each again itself (same
// port), as an orchestrator would.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@scrivo/adapters/testing/free-port';
import {
  type LanguageModelProcess,
  launchLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import {
  type FerretDbBackend,
  ferretDbClientUrl,
  postgresBinDir,
  startPostgresCluster,
} from '@scrivo/adapters/testing/postgres-cluster';
import { MINIO_KEYS } from '@scrivo/adapters/testing/real-servers';
import {
  type RestartableServer,
  startRestartableFerretDb,
  startRestartableMinio,
} from '@scrivo/adapters/testing/restartable-servers';
import { type SpeechWorkerProcess, startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { HealthBody } from '@scrivo/contracts';
import { type JobWorkerProcess, startJobWorker } from '../../api/test/recordings/support/job-worker-process';
import { type ApiProcess, ensureServerBuild, startApiProcess } from '../../api/test/support/api-process';
import { ADMIN } from './embedded-stack';
import type { FaultStack } from './fault-stack';
import type { Log } from './kills';
import { startLoadBalancer } from './load-balancer';

export const PRODUCTION_KINDS = [
  'api replica',
  'projector',
  'job worker',
  'speech worker',
  'language model',
  'ferretdb',
  'minio',
] as const;

const alive = (running: { readonly process: ChildProcess } | null) =>
  running && running.process.exitCode === null && running.process.signalCode === null
    ? running.process.pid
    : undefined;

export interface ProductionStackOptions {
  readonly ferretDbBackend: FerretDbBackend;
  /** Where each process writes its whole log (`projector.log`, `replica-a.log`, `ferretdb.log`...), when given. */
  readonly logDir?: string;
}

export const startProductionStack = async (
  options: ProductionStackOptions,
  log: Log,
): Promise<FaultStack> => {
  ensureServerBuild();
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  const logFile = (name: string) => (options.logDir ? { logFile: join(options.logDir, `${name}.log`) } : {});
  // PostgreSQL stays up through FerretDB's kill: see startRestartableFerretDb and bench/README.md.
  const postgres =
    options.ferretDbBackend === 'postgresql'
      ? await startPostgresCluster(postgresBinDir()!, logFile('postgresql'))
      : undefined;
  if (postgres)
    log(
      `${new Date().toISOString()} PostgreSQL cluster for FerretDB up (${postgres.version}, postmaster pid ${postgres.pid}, fsync on); the ferretdb kill kills FerretDB, not PostgreSQL`,
    );
  log(
    `${new Date().toISOString()} starting FerretDB (${options.ferretDbBackend} backend), MinIO, the speech worker and the language model`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-faults-production-'));
  const servers: Record<'ferretdb' | 'minio', RestartableServer> = {
    ferretdb: await startRestartableFerretDb({
      ...(postgres ? { postgresql: postgres.url } : {}),
      ...logFile('ferretdb'),
    }),
    minio: await startRestartableMinio(logFile('minio')),
  };
  const enginePorts = { speech: await freePort(), llm: await freePort() };
  const startSpeech = () =>
    startSpeechWorker(
      { SCRIVO_SPEECH_PORT: String(enginePorts.speech) },
      undefined,
      logFile('speech-worker'),
    );
  const startLlm = () =>
    launchLanguageModel(120_000, { port: enginePorts.llm, ...logFile('language-model') });
  let speech: SpeechWorkerProcess | null = await startSpeech();
  let llm: LanguageModelProcess | null = await startLlm();
  const shared: Record<string, string> = {
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_SPEECH_URL: speech.url,
    SCRIVO_LLM_URL: llm.url,
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_READ_MODELS: 'mongodb',
    SCRIVO_JOB_QUEUE: 'mongodb',
    MONGODB_URL: ferretDbClientUrl(servers.ferretdb.url, options.ferretDbBackend),
    MONGODB_DB: 'scrivo_faults',
    SCRIVO_BLOB_STORE: 'minio',
    MINIO_URL: servers.minio.url,
    MINIO_ACCESS_KEY: MINIO_KEYS.accessKey,
    MINIO_SECRET_KEY: MINIO_KEYS.secretKey,
    MINIO_BUCKET: 'scrivo-faults',
    SCRIVO_JOB_LEASE_MS: '5000',
  };
  const apiEnv: Record<string, string> = {
    ...shared,
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    SCRIVO_WEBHOOKS_ALLOW_PRIVATE: 'true',
    SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: '500',
    SCRIVO_WEBHOOK_FIRST_RETRY_MS: '1000',
    SCRIVO_UPLOAD_SETTLE_MS: '10000',
    SCRIVO_UPLOAD_RECOVERY_INTERVAL_MS: '2000',
    LOG_LEVEL: 'warn',
  };
  const ports = { projector: await freePort(), a: await freePort(), b: await freePort() };
  const projectorEnv = {
    ...apiEnv,
    PORT: String(ports.projector),
    SCRIVO_RUN_PROJECTIONS: 'true',
    SCRIVO_ADMIN_EMAIL: ADMIN.email,
    SCRIVO_ADMIN_PASSWORD: ADMIN.password,
  };
  const replicaEnv = (port: number) => ({ ...apiEnv, PORT: String(port), SCRIVO_RUN_PROJECTIONS: 'false' });
  log(`${new Date().toISOString()} starting the projector, two API replicas and two job workers`);
  const startProjector = () => startApiProcess(projectorEnv, logFile('projector'));
  const startReplicaA = () => startApiProcess(replicaEnv(ports.a), logFile('replica-a'));
  let projector: ApiProcess | null = await startProjector();
  let replicaA: ApiProcess | null = await startReplicaA();
  const replicaB = await startApiProcess(replicaEnv(ports.b), logFile('replica-b'));
  const startWorker = (n: number) =>
    startJobWorker({ ...shared, SCRIVO_WORKER_ID: `faults-worker-${n}` }, logFile(`job-worker-${n}`));
  const workers: JobWorkerProcess[] = [startWorker(1), startWorker(2)];
  await Promise.all(workers.map((w) => w.started));
  const balancer = await startLoadBalancer([replicaA.url, replicaB.url]);
  let stopped = false;

  return {
    url: balancer.url,
    dataDir,
    pidOf: (kind) => {
      if (kind === 'api replica') return alive(replicaA);
      if (kind === 'projector') return alive(projector);
      if (kind === 'job worker') return alive(workers[0]!);
      if (kind === 'speech worker') return alive(speech);
      if (kind === 'language model') return alive(llm);
      if (kind === 'ferretdb' || kind === 'minio') return servers[kind].pid;
      return undefined;
    },
    killNote: (kind) =>
      kind === 'ferretdb' && postgres
        ? `its PostgreSQL (postmaster pid ${postgres.pid ?? 'gone'}) keeps running, as a database service behind it would`
        : undefined,
    restart: async (kind) => {
      if (kind === 'api replica') {
        replicaA = null;
        replicaA = await startReplicaA();
      } else if (kind === 'projector') {
        projector = null;
        projector = await startProjector();
      } else if (kind === 'job worker') {
        // The same worker id, as a restarted container keeps its name.
        workers[0] = startWorker(1);
        await workers[0].started;
      } else if (kind === 'speech worker') {
        speech = null;
        speech = await startSpeech();
      } else if (kind === 'language model') {
        llm = null;
        llm = await startLlm();
      } else if (kind === 'ferretdb' || kind === 'minio') await servers[kind].start();
    },
    health: async () => {
      try {
        const answer = await fetch(`http://127.0.0.1:${ports.projector}/api/health`, {
          signal: AbortSignal.timeout(5000),
        });
        return { status: answer.status, body: HealthBody.parse(await answer.json()) };
      } catch {
        return { status: 0, body: null };
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await balancer.close();
      for (const w of workers) await w.stop();
      for (const api of [replicaA, replicaB, projector]) await api?.stop();
      await speech?.stop();
      await llm?.stop();
      for (const server of Object.values(servers)) await server.stop();
      await postgres?.stop();
    },
  };
};
