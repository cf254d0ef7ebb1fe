import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { createRootLogger, JsonLogger, type RootLogger } from './common/logger';
import { csrfProtection } from './common/csrf';
import { requestIdMiddleware } from './common/request-id.middleware';
import { type AppConfig, loadConfig } from './config/config';
import { type Adapters, createAdapters } from './infrastructure/adapters.factory';
import { serveSpa } from './spa/spa';

export interface ScrivoApp {
  readonly app: NestExpressApplication;
  readonly config: AppConfig;
  readonly adapters: Adapters;
  readonly logger: RootLogger;
  /** Drains projections and in-flight work, then closes the stores. */
  close(): Promise<void>;
}

/** Cookies are Secure whenever the public URL is https (anything but plain-http localhost). */
export const secureCookies = (config: AppConfig): boolean =>
  config.SCRIVO_PUBLIC_URL?.startsWith('https://') ?? false;

/** Builds the whole API (and the SPA it serves) from environment variables. Tests call this too. */
export const createApp = async (env: NodeJS.ProcessEnv = process.env): Promise<ScrivoApp> => {
  const config = loadConfig(env);
  const logger = createRootLogger(config.LOG_LEVEL);
  const adapters = await createAdapters(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, adapters, logger), {
    logger: new JsonLogger(logger),
    bufferLogs: false,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestIdMiddleware(logger));
  app.use(
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
    }),
  );
  app.use(cookieParser());
  app.use(csrfProtection({ publicUrl: config.SCRIVO_PUBLIC_URL, secureCookies: secureCookies(config) }));
  const expressApp = app.getHttpAdapter().getInstance();
  serveSpa(expressApp, config.SCRIVO_WEB_DIST);
  await app.init();

  let closed = false;
  return {
    app,
    config,
    adapters,
    logger,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await adapters.events.close();
      await adapters.readModels.close();
      await adapters.rateLimits.close();
    },
  };
};
