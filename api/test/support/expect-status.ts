import { expect } from 'vitest';

/**
 * Asserts an answer's status (showing `message`, else its body, when it differs) and narrows an answer of the typed
 * client (`client.api...`) to that status, so its body has the contract's type: `expectStatus(created, 201)`, then
 * `created.body.id`.
 */
export function expectStatus<A extends { status: number; body: unknown }, S extends A['status']>(
  answer: A,
  status: S,
  message: string = JSON.stringify(answer.body),
): asserts answer is Extract<A, { status: S }> {
  expect(answer.status, message).toBe(status);
}
