import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import { type ErrorBody, OPENAI_CHAT_COMPLETIONS_PATH, type OpenAiErrorBody } from '@scrivo/contracts';
import { ConcurrencyError, DomainError } from '@scrivo/domain';
import { RequestValidationError } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import { ApiError, statusForDomainCode } from './api-error';
import { ROOT_LOGGER, type RootLogger } from './logger';
import { currentRequest } from './request-context';

const codeForStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const messageOf = (response: string | object): string => {
  if (typeof response === 'string') return response;
  const r = response as { message?: unknown; error?: unknown };
  if (Array.isArray(r.message)) return r.message.join('; ');
  if (typeof r.message === 'string') return r.message;
  if (typeof r.error === 'string') return r.error;
  return 'Request failed';
};

export interface DescribedError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly details?: Record<string, unknown>;
}

/**
 * The status, code and message any failure answers with (the OpenAI-compatible endpoint words the same in
 * OpenAI's shape). Unexpected errors become a generic 500 that never shows the internals.
 */
export const describeException = (exception: unknown): DescribedError => {
  let status = 500;
  let code = 'INTERNAL_ERROR';
  let message = 'Something went wrong on our side. Please try again.';
  let details: Record<string, unknown> | undefined;

  if (exception instanceof ApiError) {
    status = exception.getStatus();
    code = exception.code;
    message = exception.message;
    details = exception.details;
  } else if (exception instanceof DomainError) {
    status = statusForDomainCode(exception.code);
    code = exception.code;
    message = exception.message;
    details = Object.keys(exception.details).length ? { ...exception.details } : undefined;
  } else if (isOutOfSpace(exception)) {
    // A full disk under any store (events, read models, sessions, blobs): nothing was saved, and the write works
    // again once there is space, so the client is told to come back rather than shown a bug.
    status = 503;
    code = 'STORAGE_FULL';
    message = 'The server is out of storage space right now, so nothing was saved. Please try again later.';
    details = { retryAfterSeconds: 60 };
  } else if (exception instanceof ConcurrencyError) {
    status = 409;
    code = 'CONFLICT';
    message = 'Someone else changed this at the same time. Please try again.';
  } else if (exception instanceof HttpException) {
    status = exception.getStatus();
    const response = exception.getResponse();
    code = codeForStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
    message = messageOf(response);
    // ts-rest request validation: say which fields are wrong.
    if (exception instanceof RequestValidationError) {
      const issues = [exception.body, exception.query, exception.pathParams, exception.headers].flatMap(
        (failed) => failed?.issues.map(({ path, message }) => ({ path, message })) ?? [],
      );
      code = 'VALIDATION_FAILED';
      message = issues.length
        ? issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')
        : 'The request is not valid';
      details = { issues };
    }
    if (exception.name === 'PayloadTooLargeError' || status === 413) code = 'PAYLOAD_TOO_LARGE';
    // Express's JSON parser failures reach us wrapped in a 400 whose cause is the parser error.
    const cause = exception.cause as { type?: unknown } | undefined;
    if (
      status === 400 &&
      code !== 'VALIDATION_FAILED' &&
      (cause?.type === 'entity.parse.failed' || /JSON/.test(message))
    ) {
      code = 'MALFORMED_JSON';
      message = 'The request body is not valid JSON';
    }
  } else if (isBodyParserError(exception)) {
    status = exception.status;
    code = exception.type === 'entity.too.large' ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_JSON';
    message =
      exception.type === 'entity.too.large'
        ? 'The request body is too large'
        : 'The request body is not valid JSON';
  } else if (isExpressClientError(exception)) {
    // express.static, send, body parsers...: http-errors with a 4xx are the client's, never a 500.
    status = exception.status;
    code = codeForStatus[status] ?? 'BAD_REQUEST';
    // Only http-errors' own messages are meant for clients (`expose`); a wrapped OS error names server paths.
    message =
      exception.expose === true
        ? exception.message
        : status === 404
          ? 'Not found'
          : 'The request cannot be served';
  }
  return { status, code, message, ...(details ? { details } : {}) };
};

/**
 * One JSON error shape for every failure. Unexpected errors are logged with their stack and answered as a
 * generic 500 that carries the request id, never the internals.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: RootLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const requestId = currentRequest()?.requestId;
    const { status, code, message, details } = describeException(exception);

    // Refusals the code raised on purpose (a 501 for unconfigured payments, a 502 from the mail server) are
    // warnings with their code; anything else that became a 5xx is a bug and is logged with its stack.
    if (status >= 500) {
      if (exception instanceof DomainError || exception instanceof ApiError) {
        // The cause (a dependency's own error) says which one and how it failed, for the operator.
        const cause = exception.cause instanceof Error ? { cause: exception.cause.message } : {};
        this.logger.warn(
          { code, status, requestId, message, ...cause },
          'request refused by a dependency or configuration',
        );
      } else {
        this.logger.error({ err: exception, requestId }, 'unhandled error');
      }
    }
    const body: ErrorBody = {
      error: message,
      code,
      message,
      ...(requestId ? { requestId } : {}),
      ...(details ? { details } : {}),
    };
    const retryAfter = details?.retryAfterSeconds;
    if (!res.headersSent && (status === 429 || status === 503) && typeof retryAfter === 'number')
      res.setHeader('Retry-After', String(retryAfter));
    // A body the JSON parser refused never reaches the OpenAI chat route's own filter: OpenAI clients still get
    // OpenAI's error shape there.
    const openAi = host.switchToHttp().getRequest<Request>().path === OPENAI_CHAT_COMPLETIONS_PATH;
    const shaped: ErrorBody | OpenAiErrorBody = openAi
      ? {
          error: {
            message,
            type: status >= 500 ? 'server_error' : 'invalid_request_error',
            param: null,
            code: code.toLowerCase(),
          },
        }
      : body;
    if (!res.headersSent) res.status(status).json(shaped);
    else res.end();
  }
}

/** SQLite's and the OS's words for a full disk (or quota). */
const OUT_OF_SPACE = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const isOutOfSpace = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && typeof e.code === 'string' && OUT_OF_SPACE.has(e.code);

const isBodyParserError = (e: unknown): e is { status: number; type: string } =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as { type?: unknown }).type === 'string' &&
  typeof (e as { status?: unknown }).status === 'number';

/**
 * An http-errors error (what Express middleware passes to next(): express.static's 404 for a missing file, which
 * wraps the ENOENT) whose status blames the request.
 */
const isExpressClientError = (e: unknown): e is Error & { status: number; expose?: boolean } => {
  const status: unknown = e instanceof Error ? Reflect.get(e, 'status') : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
};
