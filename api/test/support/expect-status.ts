import { expect } from 'vitest';

/** The answer of that status; an answer whose status is any number (the untyped calls) stays as it is. */
type Narrowed<A, S> = [Extract<A, { status: S }>] extends [never] ? A : Extract<A, { status: S }>;

/**
 * Asserts an answer's status (showing `message`, else its body, when it differs) and narrows an answer of the typed
 * client (`client.api...`) to that status, so its body has the contract's type: `expectStatus(created, 201)`, then
 * `created.body.id`.
 */
export function expectStatus<A extends { status: number; body: unknown }, S extends A['status']>(
  answer: A,
  status: S,
  message: string = JSON.stringify(answer.body),
): asserts answer is Narrowed<A, S> {
  expect(answer.status, message).toBe(status);
}

/**
 * Asserts an answer's status and returns its body narrowed to it, for a body read in passing:
 * `bodyOf(await client.api.apiKeys.list(), 200).items`.
 */
export function bodyOf<A extends { status: number; body: unknown }, S extends A['status']>(
  answer: A,
  status: S,
  message?: string,
): Narrowed<A, S>['body'] {
  expectStatus(answer, status, message);
  return answer.body;
}
