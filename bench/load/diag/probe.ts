// Issue 45 diagnostic (node --conditions=source --import tsx bench/load/diag/probe.ts [uploads]; a stack: under the
// heavy lock; on a failure it leaves its processes running). Production storage (FerretDB, MinIO), a projector, one replica, no speech. Uploads clips one after
// another and samples _checkpoints to see which projection or reactor holds read-your-writes back.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, basename } from 'node:path';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { MongoClient } from 'mongodb';
import { MINIO_KEYS, serverBinary, startFerretDb, startMinio } from '@scrivo/adapters/testing/real-servers';
import { ensureServerBuild, signUpOver, startApiProcess } from '../../../api/test/support/api-process';
import { makeLoadAudio } from '../audio';

const main = async () => {
  ensureServerBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-probe-'));
  const mongo = await startFerretDb(serverBinary('ferretdb')!);
  const minio = await startMinio(serverBinary('minio')!);
  const env = {
    SCRIVO_DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SCRIVO_SPEECH_URL: 'http://127.0.0.1:9',
    SCRIVO_READ_MODELS: 'mongodb',
    SCRIVO_JOB_QUEUE: 'mongodb',
    MONGODB_URL: mongo.url,
    MONGODB_DB: 'probe',
    SCRIVO_BLOB_STORE: 'minio',
    MINIO_URL: minio.url,
    MINIO_ACCESS_KEY: MINIO_KEYS.accessKey,
    MINIO_SECRET_KEY: MINIO_KEYS.secretKey,
    SCRIVO_LLM_ENGINE: 'none',
    LOG_LEVEL: 'warn',
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
  };
  const projector = await startApiProcess({ ...env, SCRIVO_RUN_PROJECTIONS: 'true' });
  const replica = await startApiProcess({ ...env, SCRIVO_RUN_PROJECTIONS: 'false' });
  const client = new MongoClient(mongo.url);
  await client.connect();
  const checkpoints = client.db('probe').collection<{ _id: string; position: number }>('_checkpoints');
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const rows = await checkpoints.find({}).toArray();
      const max = Math.max(...rows.map((r) => r.position));
      const marker = rows.find((r) => r._id === 'all:caught-up')?.position;
      console.log(
        `${new Date().toISOString().slice(11, 23)} checkpoints=${rows.length} highest=${max} caught-up=${marker} lowest-stored=${Math.min(...rows.map((r) => r.position))}`,
      );
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const folder = mkdtempSync(join(tmpdir(), 'probe-audio-'));
  const audio = makeLoadAudio(folder, 0);
  const user = await signUpOver(replica.url, dataDir, 'probe@example.com');
  const cpu = () =>
    execSync('ps -eo times,args')
      .toString()
      .split('\n')
      .filter((l) => /ferretdb -listen|main\.js/.test(l))
      .map((l) => `${l.trim().split(' ')[0]}s ${/ferretdb/.test(l) ? 'ferretdb' : 'api'}`)
      .join(', ');
  console.log(`CPU before: ${cpu()}`);
  const started = Date.now();
  for (let i = 0; i < Number(process.argv[2] ?? 6); i += 1) {
    const form = new FormData();
    const path = audio.clips[0]!.path;
    form.set('file', new Blob([readFileSync(path)]), basename(path));
    const t = Date.now();
    const created = await user.api.recordings.create({ body: form });
    console.log(`UPLOAD ${i} ${created.status} ${Date.now() - t} ms`);
  }
  console.log(`CPU after ${Date.now() - started} ms: ${cpu()}`);
  sampling = false;
  await sampler;
  await client.close();
  await replica.stop();
  await projector.stop();
  await minio.stop();
  await mongo.stop();
};
main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
