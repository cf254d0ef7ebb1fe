import { HttpException } from '@nestjs/common';

/** An error the API answers with a chosen status and code (for rules that live in the HTTP layer). */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message, status);
  }
}

/**
 * HTTP status for a DomainError code. Features register the codes they introduce; unknown codes answer 422
 * (the request was understood but a business rule refused it).
 */
const statusByCode = new Map<string, number>([
  ['NOT_FOUND', 404],
  ['VALIDATION_FAILED', 400],
  ['UNAUTHORIZED', 401],
  ['FORBIDDEN', 403],
  ['CONFLICT', 409],
  ['PAYLOAD_TOO_LARGE', 413],
  ['UNSUPPORTED_MEDIA_TYPE', 415],
  ['RATE_LIMITED', 429],
  // The rate-limit counters cannot be reached (full disk, database down): try again shortly.
  ['RATE_LIMITS_UNAVAILABLE', 503],
  // The read-model database cannot be reached (restarting, connection cut): try again shortly.
  ['READ_MODELS_UNAVAILABLE', 503],
]);

export const registerErrorStatus = (code: string, status: number): void => {
  statusByCode.set(code, status);
};

export const statusForDomainCode = (code: string): number => statusByCode.get(code) ?? 422;
