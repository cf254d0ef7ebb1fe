import { expect } from 'vitest';
import { TestClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';

export const AUDITOR = { email: 'auditor@example.com', password: 'auditor-password-1' };
/** The environment that makes the auditor at start-up, as an operator would set it. */
export const AUDITOR_ENV = { SCRIVO_AUDITOR_EMAIL: AUDITOR.email, SCRIVO_AUDITOR_PASSWORD: AUDITOR.password };

/** An auditor signed in through the real sign-in route (its own cookie). */
export const auditorClient = async (app: TestApp, who = AUDITOR): Promise<TestClient> => {
  const client = new TestClient(app.url);
  const login = await client.api.audit.login({ body: { username: who.email, password: who.password } });
  expectStatus(login, 200);
  expect(client.cookie('scrivo_auditor_session')).toBeTruthy();
  return client;
};

/** Retries until the read models (stream and correlation indexes) have caught up. */
export const eventually = async <T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
};

export const q = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
