import type { LoggerService } from '@nestjs/common';
import pino from 'pino';
import { currentRequest } from './request-context';

/** Structured JSON logs (one object per line) with the request and correlation ids of the current request. */
export const createRootLogger = (level: string) =>
  pino({
    level,
    base: { service: 'scrivo-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      // Request bodies are never logged; these guard against a secret passed to a log call by mistake.
      paths: [
        'password',
        'newPassword',
        '*.password',
        '*.newPassword',
        'token',
        '*.token',
        'verificationCode',
        '*.verificationCode',
        'apiKey',
        '*.apiKey',
        'SCRIVO_LLM_API_KEY',
        '*.SCRIVO_LLM_API_KEY',
      ],
      censor: '[redacted]',
    },
    mixin: () => {
      const ctx = currentRequest();
      return ctx ? { requestId: ctx.requestId, correlationId: ctx.correlationId } : {};
    },
  });

export type RootLogger = ReturnType<typeof createRootLogger>;

export class JsonLogger implements LoggerService {
  constructor(private readonly logger: RootLogger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const ROOT_LOGGER = Symbol('RootLogger');
