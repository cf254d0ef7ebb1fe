// Accounts benchmark: what a sign-in costs. Not a test: run it by hand after `node scripts/build.mjs` (it starts the
// built API, api/dist/main.js, on 127.0.0.1 with a fresh data directory and rate limits off).
//   node --conditions=source --import tsx bench/accounts/run.ts [--seconds=10]
// 1. argon2id hash and verify with the production parameters (the floor of every sign-in and sign-up);
// 2. POST /api/login with the right password (argon2 verify + an event append + a new session) under load;
// 3. GET /api/user with a session cookie (session look-up + read model), the call every page makes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Argon2PasswordHasher } from '../../adapters/src/passwords/argon2-password-hasher';
import { latestVerificationCode } from '../../api/test/accounts/support/outbox';
import { TestClient } from '../../api/test/support/http-client';

const seconds = Number(/--seconds=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 10);
const root = join(import.meta.dirname, '../..');
const progress = (m: string) => process.stderr.write(`${m}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const time = async (fn: () => Promise<unknown>, n: number) => {
  const all: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    await fn();
    all.push(performance.now() - started);
  }
  return { median: percentile(all, 50), p95: percentile(all, 95) };
};
const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });

const main = async () => {
  const hasher = new Argon2PasswordHasher();
  const hash = await hasher.hash('secret-pass');
  const argonHash = await time(() => hasher.hash('secret-pass'), 20);
  const argonVerify = await time(() => hasher.verify(hash, 'secret-pass'), 20);
  progress(
    `argon2id hash median ${argonHash.median.toFixed(1)} ms, verify ${argonVerify.median.toFixed(1)} ms`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-bench-accounts-'));
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SCRIVO_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
      // Sign-up and sign-in need no engine: readiness must not wait for a speech worker this bench never starts.
      SCRIVO_HEALTH_ENGINES: 'none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 200) throw new Error('The API did not start (did you run `node scripts/build.mjs`?)');
      await new Promise((r) => setTimeout(r, 100));
    }
    const email = 'bench@example.com';
    const client = new TestClient(url);
    await client.api.accounts.sendVerification({ body: { email } });
    await client.api.accounts.verifyEmailCode({
      body: { email, code: await latestVerificationCode(dataDir, email) },
    });
    const registered = await client.api.accounts.register({
      body: { email, password: 'secret-pass', firstName: 'Bench', lastName: 'Mark', industry: 'Student' },
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
    const csrf = client.cookie('scrivo_csrf')!;

    const run = (title: string, options: autocannon.Options) =>
      new Promise<autocannon.Result>((done, fail) => {
        progress(`${title}: ${seconds} s...`);
        autocannon({ ...options, duration: seconds }, (error, result) =>
          error ? fail(error) : done(result),
        );
      });
    const login = await run('POST /api/login', {
      url: `${url}/api/login`,
      method: 'POST',
      connections: 4,
      headers: { 'content-type': 'application/json', cookie: `scrivo_csrf=${csrf}`, 'x-csrf-token': csrf },
      body: JSON.stringify({ email, password: 'secret-pass' }),
    });
    const me = await run('GET /api/user', {
      url: `${url}/api/user`,
      connections: 10,
      headers: { cookie: client.cookieHeader },
    });
    const row = (name: string, r: autocannon.Result, connections: number) =>
      `| ${name} | ${connections} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;
    const summary = {
      cpus: cpus().length,
      argon2id: { hashMs: argonHash, verifyMs: argonVerify },
      login: {
        rps: login.requests.average,
        p50: login.latency.p50,
        p99: login.latency.p99,
        non2xx: login.non2xx,
      },
      currentUser: { rps: me.requests.average, p50: me.latency.p50, p99: me.latency.p99, non2xx: me.non2xx },
    };
    console.log(JSON.stringify(summary, null, 2));
    console.log(
      [
        `argon2id (m=19456 KiB, t=2, p=1): hash median ${argonHash.median.toFixed(1)} ms (p95 ${argonHash.p95.toFixed(1)}), verify median ${argonVerify.median.toFixed(1)} ms (p95 ${argonVerify.p95.toFixed(1)})`,
        '',
        '| call | connections | req/s | p50 ms | p99 ms | non-2xx |',
        '| --- | --- | --- | --- | --- | --- |',
        row('POST /api/login', login, 4),
        row('GET /api/user', me, 10),
      ].join('\n'),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
