import { type ArgumentsHost, Catch, type ExceptionFilter, Inject } from '@nestjs/common';
import type { OpenAiErrorBody } from '@scrivo/contracts';
import { DomainError } from '@scrivo/domain';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import { describeException } from '../../common/error.filter';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { currentRequest } from '../../common/request-context';

const typeFor = (status: number): string => {
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
};

const codeFor = (status: number, code: string): string => {
  if (status === 401) return 'invalid_api_key';
  if (status === 429) return 'rate_limit_exceeded';
  return code.toLowerCase();
};

/**
 * The OpenAI-compatible endpoint's errors in OpenAI's shape, `{ error: { message, type, param, code } }`, with
 * the status Scrivo chose. `x-should-retry: false` tells the OpenAI SDKs not to retry on their own (a retry
 * would upload the file again and spend the minutes twice), except on a 429.
 */
@Catch()
export class OpenAiErrorFilter implements ExceptionFilter {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: RootLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, code, message, details } = describeException(exception);
    const requestId = currentRequest()?.requestId;
    // A refusal raised on purpose (the wait ran out) is a warning; any other 5xx is a bug, logged with its stack.
    if (status >= 500 && (exception instanceof ApiError || exception instanceof DomainError))
      this.logger.warn({ code, status, requestId, message }, 'openai endpoint refused the request');
    else if (status >= 500) this.logger.error({ err: exception, requestId }, 'openai endpoint failed');
    const param = typeof details?.param === 'string' ? details.param : null;
    const body: OpenAiErrorBody = {
      error: {
        message,
        type: typeFor(status),
        param,
        code: codeFor(status, code),
      },
    };
    if (res.headersSent) {
      res.end();
      return;
    }
    const retryAfter = details?.retryAfterSeconds;
    if (status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    if (status !== 429) res.setHeader('x-should-retry', 'false');
    res.status(status).json(body);
  }
}
