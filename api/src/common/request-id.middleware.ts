import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { requestContext } from './request-context';
import type { RootLogger } from './logger';

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const incoming = (value: string | string[] | undefined) =>
  typeof value === 'string' && ID_PATTERN.test(value) ? value : undefined;

/** Gives each request an id (echoed as X-Request-Id), a correlation id, and one access-log line when it ends. */
export const requestIdMiddleware =
  (logger: RootLogger) =>
  (req: Request, res: Response, next: NextFunction): void => {
    const requestId = incoming(req.headers['x-request-id']) ?? randomUUID();
    const correlationId = incoming(req.headers['x-correlation-id']) ?? requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId, correlationId }, () => {
      res.on('finish', () => {
        if (!req.originalUrl.startsWith('/api/')) return;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.info(
          {
            requestId,
            correlationId,
            method: req.method,
            path: req.path,
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      });
      next();
    });
  };
