import { LIVE_SOCKET_PATH } from '@scrivo/contracts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type ApiProcess, ensureServerBuild, signUpOver, startApiProcess } from '../support/api-process';
import type { TestClient } from '../support/http-client';
import { allRoutes, fill, paramsOf, SAFE_METHODS } from './support/routes';

/** Every route that reads a request body: each non-safe route of the contract, tus and Stripe's webhook. */
const bodyRoutes = allRoutes.filter((r) => !SAFE_METHODS.has(r.method));
const MULTIPART_ROUTES = ['/api/recordings', '/v1/audio/transcriptions'];
const BOUNDARY = 'scrivofaultboundary';

/** A multipart body that stops inside the file part, as a dropped mobile connection leaves it. */
const cutOffMultipart = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n` +
    'Content-Type: audio/wav\r\n\r\nRIFF',
);

interface Credentials {
  readonly cookie: string;
  readonly csrf: string;
  readonly apiKey: string;
  readonly origin: string;
}

const headersFor = (
  method: string,
  path: string,
  creds: Credentials,
  body: { readonly type: string; readonly length: number },
) => {
  const auth = path.startsWith('/v1/')
    ? `Authorization: Bearer ${creds.apiKey}\r\n`
    : `Cookie: ${creds.cookie}\r\nX-CSRF-Token: ${creds.csrf}\r\nOrigin: ${creds.origin}\r\n`;
  const tus = path.startsWith('/api/uploads')
    ? 'Tus-Resumable: 1.0.0\r\nUpload-Length: 1000\r\nUpload-Offset: 0\r\n'
    : '';
  return (
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}${tus}Content-Type: ${body.type}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`
  );
};

const contentTypeOf = (path: string) =>
  MULTIPART_ROUTES.includes(path)
    ? `multipart/form-data; boundary=${BOUNDARY}`
    : path.startsWith('/api/uploads')
      ? 'application/offset+octet-stream'
      : 'application/json';

/** Opens a raw connection to the API: what a client's own HTTP stack would hide is sent as is. */
const open = (url: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });

/** Reads what the server answers until it closes; resolves with the status (0 when it closed without one). */
const answer = (socket: Socket, timeoutMs = 10_000): Promise<number> =>
  new Promise((resolve) => {
    let text = '';
    const done = () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fault injection on every body the API reads (docs/security.md): cut-off, aborted, slow and oversized bodies on
 * every route that takes one, and broken frames on the live WebSocket. One process takes them all: afterwards it
 * is the same process (no crash, no restart), it answers, and nothing half-written is left behind.
 */
describe('no request body can take the API down', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-body-faults-'));
  let api: ApiProcess;
  let client: TestClient;
  let creds: Credentials;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ensureServerBuild();
    api = await startApiProcess({
      SCRIVO_DATA_DIR: dataDir,
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
      SCRIVO_DEFAULT_PLAN: 'business_pro',
    });
    client = await signUpOver(api.url, dataDir, 'faults@example.com');
    const key = await client.post('/api/account/api-keys', { name: 'faults', scopes: ['read', 'write'] });
    expect(key.status, key.text).toBe(201);
    creds = {
      cookie: client.cookieHeader,
      csrf: client.cookie('scrivo_csrf') ?? '',
      apiKey: String(key.body.secret),
      origin: api.url,
    };
    for (const route of bodyRoutes) for (const name of paramsOf(route.path)) ids[name] = `missing-${name}`;
  }, 240_000);
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const alive = async () => {
    expect(api.process.exitCode, api.log()).toBeNull();
    expect(api.process.signalCode).toBeNull();
    expect((await fetch(`${api.url}/api/health`)).status).toBeLessThan(500);
  };

  it('answers a multipart body cut off inside the file part with 400, on both upload routes', async () => {
    for (const path of MULTIPART_ROUTES) {
      const socket = await open(api.url);
      const head = headersFor('POST', path, creds, {
        type: contentTypeOf(path),
        length: cutOffMultipart.length,
      });
      socket.write(Buffer.concat([Buffer.from(head), cutOffMultipart]));
      expect(await answer(socket), path).toBe(400);
    }
    await alive();
  });

  /** One route's three faults; resolves with the statuses of the two that can still be answered. */
  const faultsOn = async (route: (typeof bodyRoutes)[number]) => {
    const path = fill(route.path, ids);
    const type = contentTypeOf(path);
    const partial = type.startsWith('multipart') ? cutOffMultipart : Buffer.from('{"title":"cut');
    // Declared longer than sent, then the client half-closes: the server sees the body end early.
    const halfClosed = await open(api.url);
    halfClosed.write(headersFor(route.method, path, creds, { type, length: partial.length + 5000 }));
    halfClosed.end(partial);
    const halfClosedAnswer = answer(halfClosed, 2_000);
    // Dropped mid-body: the connection is reset with the body unfinished.
    const dropped = await open(api.url);
    dropped.on('error', () => undefined);
    dropped.write(headersFor(route.method, path, creds, { type, length: partial.length + 5000 }));
    dropped.write(partial);
    await sleep(20);
    dropped.resetAndDestroy();
    // A body declared far beyond any limit (2 GB), of which a little arrives.
    const huge = await open(api.url);
    huge.write(headersFor(route.method, path, creds, { type, length: 2 * 1024 ** 3 }));
    huge.write(partial);
    return Promise.all([halfClosedAnswer, answer(huge, 2_000)]);
  };

  it('survives bodies that stop early, connections dropped mid-body, and bodies larger than declared', async () => {
    const pid = api.process.pid;
    const wrong: string[] = [];
    for (let i = 0; i < bodyRoutes.length; i += 25) {
      const batch = bodyRoutes.slice(i, i + 25);
      const statuses = await Promise.all(batch.map(faultsOn));
      batch.forEach((route, j) => {
        // No answer (the client is gone or never finished) or a 4xx: never a 5xx.
        if (statuses[j]!.some((s) => s >= 500)) wrong.push(`${route.name}: ${statuses[j]!.join(', ')}`);
      });
    }
    expect(wrong).toEqual([]);
    expect(api.process.pid).toBe(pid);
    await alive();
  }, 300_000);

  it('survives slow bodies that trickle in and then stop, on every route at once', async () => {
    const sockets = await Promise.all(
      bodyRoutes.map(async (route) => {
        const path = fill(route.path, ids);
        const socket = await open(api.url);
        socket.on('error', () => undefined);
        socket.write(headersFor(route.method, path, creds, { type: contentTypeOf(path), length: 10_000 }));
        return socket;
      }),
    );
    for (let i = 0; i < 10; i += 1) {
      for (const socket of sockets) if (!socket.destroyed) socket.write('x');
      await sleep(100);
    }
    for (const socket of sockets) socket.destroy();
    await sleep(500);
    await alive();
  }, 120_000);

  it('survives broken, oversized and cut-off frames on the live WebSocket', async () => {
    const url = `${api.url.replace('http', 'ws')}${LIVE_SOCKET_PATH}`;
    /** The live socket's upgrade request, signed in, as a browser on this site sends it. */
    const upgrade = () =>
      `GET ${LIVE_SOCKET_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n` +
      `Cookie: ${creds.cookie}\r\nOrigin: ${creds.origin}\r\n\r\n`;
    const connected = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url, { headers: { cookie: creds.cookie, origin: creds.origin } });
        ws.on('open', () => resolve(ws));
        ws.on('error', reject);
      });
    // Text that is not a message, binary before any start, a frame over the size limit.
    const garbage = await connected();
    garbage.on('error', () => undefined);
    garbage.send('{"type":"start"');
    garbage.send('not json at all');
    garbage.send(Buffer.alloc(1000, 7));
    garbage.send(Buffer.alloc(2 * 1024 * 1024, 1));
    await sleep(300);
    garbage.terminate();
    // A frame header that promises more than arrives, then the connection drops.
    const raw = await open(api.url);
    raw.on('error', () => undefined);
    raw.write(upgrade());
    await sleep(200);
    raw.write(Buffer.from([0x82, 0xfe, 0xff, 0xff, 1, 2, 3, 4, 9, 9]));
    await sleep(50);
    raw.destroy();
    // An upgrade dropped before the server has answered it.
    const early = await open(api.url);
    early.on('error', () => undefined);
    early.write(upgrade());
    early.resetAndDestroy();
    await sleep(500);
    await alive();
  });

  it('leaves nothing half-written: no recording, no upload spool folder of the process', async () => {
    await sleep(500);
    const recordings = await client.get('/api/recordings');
    expect(recordings.status).toBe(200);
    expect(recordings.body.items).toEqual([]);
    const spools = readdirSync(tmpdir()).filter((name) =>
      name.startsWith(`scrivo-upload-${api.process.pid}-`),
    );
    expect(spools).toEqual([]);
    expect(api.log()).not.toMatch(/Unexpected end of form|uncaught|unhandled/i);
  });
});
