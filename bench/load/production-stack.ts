// The production stack of docs/operations.md on one machine, each part its own process on one data folder (the
// SQLite event store they share): FerretDB for the read models and the job queue, MinIO for the media, one
// projector, two API replicas that run no projections (the load goes to these, in turn, as a load balancer
// would send it), one job worker per speech worker, and, when asked, the local language model.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchLanguageModel } from '@scrivo/adapters/testing/language-model-process';
import {
  MINIO_KEYS,
  notBuiltReason,
  serverBinary,
  startFerretDb,
  startMinio,
} from '@scrivo/adapters/testing/real-servers';
import { startJobWorker } from '../../api/test/recordings/support/job-worker-process';
import { ensureServerBuild, startApiProcess } from '../../api/test/support/api-process';
import { LOAD_ADMIN, type Stack } from './stack';
import {
  type FerretDbBackend,
  ferretDbClientUrl,
  postgresBinDir,
  startPostgresCluster,
} from '@scrivo/adapters/testing/postgres-cluster';

const binaryOf = (name: 'ferretdb' | 'minio') => {
  const binary = serverBinary(name);
  if (!binary) throw new Error(notBuiltReason(name));
  return binary;
};

export const startProductionStack = async (options: {
  readonly speechUrls: readonly string[];
  readonly languageModel: boolean;
  readonly progress: (message: string) => void;
  /** Where each process writes its whole log (`projector.log`, `replica-a.log`, `ferretdb.log`...), when given. */
  readonly logDir?: string;
  readonly ferretDbBackend: FerretDbBackend;
}): Promise<Stack> => {
  const logFile = (name: string) => (options.logDir ? { logFile: join(options.logDir, `${name}.log`) } : {});
  ensureServerBuild();
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-load-production-'));
  const stops: (() => Promise<unknown>)[] = [];
  const logs: (() => string)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let postgresql: string | undefined;
    if (options.ferretDbBackend === 'postgresql') {
      const cluster = await startPostgresCluster(postgresBinDir()!, logFile('postgresql'));
      stops.push(() => cluster.stop());
      postgresql = cluster.url;
      options.progress(`PostgreSQL cluster up (${cluster.version}, postmaster pid ${cluster.pid})`);
    }
    options.progress(`starting FerretDB (${options.ferretDbBackend} backend) and MinIO`);
    const mongo = await startFerretDb(binaryOf('ferretdb'), {
      ...(postgresql ? { postgresql } : {}),
      ...logFile('ferretdb'),
    });
    stops.push(() => mongo.stop());
    const minio = await startMinio(binaryOf('minio'), logFile('minio'));
    stops.push(() => minio.stop());
    const llm = options.languageModel
      ? await launchLanguageModel(
          180_000,
          options.logDir ? { logFile: join(options.logDir, 'language-model.log') } : {},
        )
      : undefined;
    if (llm) stops.push(() => llm.stop());
    const env: Record<string, string> = {
      SCRIVO_DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SCRIVO_SPEECH_URL: options.speechUrls[0]!,
      SCRIVO_READ_MODELS: 'mongodb',
      SCRIVO_JOB_QUEUE: 'mongodb',
      MONGODB_URL: ferretDbClientUrl(mongo.url, options.ferretDbBackend),
      MONGODB_DB: 'scrivo_load',
      SCRIVO_BLOB_STORE: 'minio',
      MINIO_URL: minio.url,
      MINIO_ACCESS_KEY: MINIO_KEYS.accessKey,
      MINIO_SECRET_KEY: MINIO_KEYS.secretKey,
      SCRIVO_LLM_ENGINE: llm ? 'local' : 'none',
      ...(llm ? { SCRIVO_LLM_URL: llm.url } : {}),
    };
    const api = {
      ...env,
      LOG_LEVEL: 'warn',
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
    };
    options.progress('starting the projector and two API replicas');
    const projector = await startApiProcess(
      {
        ...api,
        SCRIVO_RUN_PROJECTIONS: 'true',
        SCRIVO_ADMIN_EMAIL: LOAD_ADMIN.email,
        SCRIVO_ADMIN_PASSWORD: LOAD_ADMIN.password,
      },
      logFile('projector'),
    );
    stops.push(() => projector.stop());
    logs.push(() => `--- projector\n${projector.log().slice(-5_000)}`);
    const urls: string[] = [];
    for (const name of ['replica-a', 'replica-b']) {
      const replica = await startApiProcess({ ...api, SCRIVO_RUN_PROJECTIONS: 'false' }, logFile(name));
      stops.push(() => replica.stop());
      logs.push(() => `--- ${name}\n${replica.log().slice(-5_000)}`);
      urls.push(replica.url);
    }
    for (const [index, speechUrl] of options.speechUrls.entries()) {
      const jobs = startJobWorker(
        {
          ...env,
          SCRIVO_SPEECH_URL: speechUrl,
          SCRIVO_WORKER_ID: `load-${index}`,
        },
        logFile(`job-worker-${index}`),
      );
      stops.push(() => jobs.stop());
      logs.push(() => `--- job worker ${index}\n${jobs.log().slice(-5_000)}`);
      await jobs.started;
    }
    return {
      urls,
      dataDir,
      languageModel: llm !== undefined,
      logs: () => logs.map((log) => log()).join('\n'),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
