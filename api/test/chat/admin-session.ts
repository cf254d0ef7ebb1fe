import { randomUUID } from 'node:crypto';
import type { ReadModelStore } from '@scrivo/domain';
import { SESSION_COOKIE, SessionStore } from '../../src/common/auth/session-store';
import { READ_MODELS } from '../../src/infrastructure/tokens';
import { TestClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

/**
 * An admin client through the real session store and AdminGuard; only the `admins` document is written directly
 * (admin sign-in itself is tested by the accounts feature).
 */
export const adminClient = async (app: TestApp, email = `admin-${randomUUID().slice(0, 6)}@example.com`) => {
  const adminId = randomUUID();
  await app.scrivo.app
    .get<ReadModelStore>(READ_MODELS)
    .collection<{ id: string; email: string }>('admins')
    .upsert({ id: adminId, email });
  const session = await app.scrivo.app.get(SessionStore).create('admin', adminId);
  const client = new TestClient(app.url);
  client.setCookie(SESSION_COOKIE.admin, session.id);
  return { client, adminId, email, sessionCookie: session.id };
};
