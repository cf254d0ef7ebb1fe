/**
 * A rule of the domain said no. `code` is stable and machine-readable (the API maps it to a status and the UI
 * to a message); `message` is for people.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, id: string) {
    super('NOT_FOUND', `${what} not found`, { what, id });
    this.name = 'NotFoundError';
  }
}

/** Another writer appended to the stream first. Safe to retry: reload, decide again, append again. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevisionDescription,
    readonly actual: number | null,
  ) {
    super(
      `Stream ${streamId}: expected revision ${String(expected)}, found ${actual === null ? 'no stream' : actual}`,
    );
    this.name = 'ConcurrencyError';
  }
}

export type ExpectedRevisionDescription = number | 'any' | 'no_stream' | 'stream_exists';
