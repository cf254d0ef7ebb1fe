import { createServer, type Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startLanguageModel } from '../language-models/language-model-process';
import { startSpeechWorker } from '../speech/speech-worker-process';
import type { SharedEngine } from './shared-engines';

/**
 * Vitest globalSetup (vitest.config.ts, the server and e2e projects): the engines a test file may share with the
 * others, each started the first time a file asks for it (so a run that needs no speech worker starts none) and
 * stopped once the whole run is over. Test files reach them through shared-engines.ts, which asks this broker, a
 * small HTTP server in vitest's own process, for an engine's address: the files run in other processes.
 *
 * Each project that names this setup has a broker, and engines, of its own: the e2e project's files run one after
 * another, and a timed browser test never waits behind a server test's transcription in a shared queue.
 */
interface Started {
  readonly url: string;
  /** Whether it still runs (a shared engine that died, e.g. killed for memory, is started again on the next ask). */
  alive(): boolean;
  stop(): Promise<void>;
}

const starters: Record<SharedEngine, () => Promise<Started>> = {
  speech: async () => {
    const worker = await startSpeechWorker();
    return {
      url: worker.url,
      alive: () => worker.process.exitCode === null && worker.process.signalCode === null,
      stop: () => worker.stop(),
    };
  },
  'language-model': async () => {
    const model = await startLanguageModel();
    return {
      url: model.url,
      alive: () => model.process.exitCode === null && model.process.signalCode === null,
      stop: () => model.stop(),
    };
  },
};

interface Broker {
  readonly url: string;
  close(): Promise<void>;
}

const startBroker = async (): Promise<Broker> => {
  const engines = new Map<SharedEngine, Promise<Started>>();
  const engine = async (name: SharedEngine): Promise<Started> => {
    for (let current = engines.get(name); current; current = engines.get(name)) {
      const started = await current.catch(() => null);
      // Another request may have replaced a dead or failed one meanwhile: look again.
      if (engines.get(name) !== current) continue;
      if (started?.alive()) return started;
      break;
    }
    const starting = starters[name]();
    engines.set(name, starting);
    return starting;
  };
  const server: Server = createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '/').slice(1)) as SharedEngine;
    if (!Object.hasOwn(starters, name)) {
      response.writeHead(404).end();
      return;
    }
    engine(name).then(
      (started) =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ url: started.url })),
      (failure: unknown) =>
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: failure instanceof Error ? failure.message : String(failure) })),
    );
  });
  // An engine starts in up to three minutes (a speech worker on a busy machine): no request timeout here.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
      for (const starting of engines.values()) {
        const started = await starting.catch(() => null);
        await started?.stop();
      }
    },
  };
};

export default async function setup(project: TestProject) {
  // SCRIVO_SHARED_ENGINES=off: every file starts its own engines, as before (to compare, or to rule sharing out).
  if (process.env.SCRIVO_SHARED_ENGINES === 'off') return;
  const broker = await startBroker();
  project.provide('scrivoSharedEngines', broker.url);
  return () => broker.close();
}
