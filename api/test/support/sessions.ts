import { randomUUID } from 'node:crypto';
import type { ReadModelStore } from '@scrivo/domain';
import type { PlanId, UserDocCore } from '../../src/common/auth/authenticated';
import { SESSION_COOKIE, SessionStore } from '../../src/common/auth/session-store';
import { READ_MODELS } from '../../src/infrastructure/tokens';
import { TestClient } from './http-client';
import type { TestApp } from './test-app';

/**
 * A signed-in client without going through registration, for tests of other features. It uses the real
 * session store and guards; only the `users` document is written directly.
 */
export const signedInClient = async (
  app: TestApp,
  options: { email?: string; plan?: PlanId } = {},
): Promise<{ client: TestClient; userId: string; email: string }> => {
  const userId = randomUUID();
  const email = options.email ?? `user-${userId.slice(0, 8)}@example.com`;
  const readModels = app.scrivo.app.get<ReadModelStore>(READ_MODELS);
  await readModels
    .collection<UserDocCore & { emailVerified: boolean }>('users')
    .upsert({ id: userId, email, plan: options.plan ?? 'free', language: 'en', emailVerified: true });
  const session = await app.scrivo.app.get(SessionStore).create('user', userId);
  const client = new TestClient(app.url);
  client.setCookie(SESSION_COOKIE.user, session.id);
  return { client, userId, email };
};
