import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { createRootLogger, JsonLogger, type RootLogger } from './common/logger';
import { csrfProtection } from './common/csrf';
import { requestIdMiddleware } from './common/request-id.middleware';
import { type AppConfig, loadConfig, ownOrigins } from './config/config';
import { type Adapters, createAdapters } from './infrastructure/adapters.factory';
import { migrateEmailStreamNames } from './privacy/email-stream-migration';
import { systemClock } from '@scrivo/adapters/system/system-clock';
import { serveSpa } from './spa/spa';
import { STRIPE_WEBHOOK_PATH } from './accounts/controllers/billing-webhook.controller';

/** Longer than the 60 s idle timeout of the usual load balancers. */
const KEEP_ALIVE_MS = 65_000;
/** Once closing, how long an answered connection is kept for another request. */
const CLOSING_KEEP_ALIVE_MS = 100;

export interface ScrivoApp {
  readonly app: NestExpressApplication;
  readonly config: AppConfig;
  readonly adapters: Adapters;
  readonly logger: RootLogger;
  /** Drains projections and in-flight work, then closes the stores. */
  close(): Promise<void>;
}

/** Cookies are Secure whenever the public URL is https (anything but plain-http localhost). */
export const secureCookies = (config: AppConfig): boolean => config.SCRIVO_PUBLIC_URL.startsWith('https://');

/** Helmet's defaults (CSP, nosniff, Referrer-Policy, frame and opener policies) for every response. */
const securityHeaders = (config: AppConfig) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        // Self-hosters often serve plain http on a LAN address: only ask for https when we are on https.
        'upgrade-insecure-requests': secureCookies(config) ? [] : null,
      },
    },
    strictTransportSecurity: secureCookies(config),
    crossOriginEmbedderPolicy: false,
  });

/** Builds the whole API (and the SPA it serves) from environment variables. Tests call this too. */
export const createApp = async (env: NodeJS.ProcessEnv = process.env): Promise<ScrivoApp> => {
  const config = loadConfig(env);
  const logger = createRootLogger(config.LOG_LEVEL);
  const adapters = await createAdapters(config);
  const migration = await migrateEmailStreamNames({
    events: adapters.events,
    readModels: adapters.readModels,
    names: adapters.emailStreams,
    clock: systemClock,
  });
  if (!migration.alreadyDone)
    logger.info({ moved: migration.moved }, 'email-keyed streams renamed to their keyed names');
  const server = express();
  // Routes match exactly as written: `/API/recordings` or `/api/recordings/` is not `/api/recordings`. Security
  // checks that look at the path (CSRF exemptions, ownership) then see the same string the router acts on.
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  server.disable('x-powered-by');
  server.set('trust proxy', 'loopback');
  // Mounted on the Express app before Nest adds anything (features mount routes while the module is built), so
  // every response, /widget/* included, carries the security headers and passes the CSRF check.
  server.use(requestIdMiddleware(logger));
  server.use(securityHeaders(config));
  server.use(cookieParser());
  server.use(csrfProtection({ origins: ownOrigins(config), secureCookies: secureCookies(config) }));
  // Stripe signs the exact bytes it sends: this route's body stays a Buffer (the JSON parser Nest adds later skips
  // a body already read), so the signature is checked on what arrived, not on a re-serialised object.
  server.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }));
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, adapters, logger),
    new ExpressAdapter(server),
    { logger: new JsonLogger(logger), bufferLogs: false },
  );
  const expressApp = app.getHttpAdapter().getInstance();
  serveSpa(expressApp, config.SCRIVO_WEB_DIST);
  await app.init();
  // Node closes an idle kept-alive connection after 5 s, the moment a client (or a load balancer keeping its own
  // connections to the API, nginx or a cloud one, idle up to 60 s) may send its next request on it: that request
  // fails with "other side closed" (seen in issue 45's load run, on a sign-in). Kept longer than those clients keep
  // theirs, the server is never the one to close under them.
  const http = app.getHttpServer();
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;

  let closed = false;
  return {
    app,
    config,
    adapters,
    logger,
    async close() {
      if (closed) return;
      closed = true;
      // The server's close waits for every connection to end, and one whose request was still being answered is
      // kept open KEEP_ALIVE_MS after its answer: a graceful stop would wait 65 s (past main.ts's 15 s deadline).
      http.keepAliveTimeout = CLOSING_KEEP_ALIVE_MS;
      await app.close();
      await adapters.events.close();
      await adapters.readModels.close();
      await adapters.rateLimits.close();
      await adapters.keys.close();
    },
  };
};
