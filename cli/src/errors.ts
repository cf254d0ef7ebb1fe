/** A failure the user can act on: printed as its message alone, exit code 1 (2 for a usage mistake). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The server answered no to this request: permanent unless it asked to be tried later (429, 5xx). */
export class Refused extends CliError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }

  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429 && this.status !== 408;
  }
}

interface ErrorAnswer {
  readonly code?: string;
  readonly message?: string;
}

const isErrorAnswer = (body: unknown): body is ErrorAnswer =>
  typeof body === 'object' && body !== null && ('code' in body || 'message' in body);

/** What to do about a refusal, by the API's error code (docs/api-keys.md), after the server's own message. */
const HINTS: Readonly<Record<string, string>> = {
  API_KEY_INVALID: 'Your API key was refused (revoked, expired or mistyped): run `scrivo login` again.',
  UNAUTHORIZED: 'Run `scrivo login --url <server>` with an API key from Account > Developer.',
  API_KEY_SCOPE: 'This key may only read: create a key with the write scope for uploads.',
  QUOTA_EXCEEDED: 'No minutes are left this month on your plan: upgrade it, or wait for the next month.',
  PAYLOAD_TOO_LARGE: "The file is larger than your plan's upload limit.",
  RATE_LIMITED: 'Too many requests with this key: wait a minute and try again.',
};

/** Turns an API refusal into the message a person can act on. */
export const refusal = (what: string, status: number, body: unknown): Refused => {
  const answer = isErrorAnswer(body) ? body : {};
  const hint = answer.code ? HINTS[answer.code] : undefined;
  const said = answer.message ?? `the server answered ${status}`;
  return new Refused(`${what}: ${said}${hint ? `\n${hint}` : ''}`, status);
};
