import { TestClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

export const ADMIN_ENV = {
  SCRIVO_ADMIN_EMAIL: 'root@scrivo.test',
  SCRIVO_ADMIN_PASSWORD: 'admin-secret-1',
  SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
};

/** A client signed in to the console as the start-up admin. */
export const adminClient = async (app: TestApp): Promise<TestClient> => {
  const client = new TestClient(app.url);
  const answer = await client.api.accounts.adminLogin({
    body: {
      username: ADMIN_ENV.SCRIVO_ADMIN_EMAIL,
      password: ADMIN_ENV.SCRIVO_ADMIN_PASSWORD,
    },
  });
  if (answer.status !== 200) throw new Error(`admin login: ${answer.status} ${answer.text}`);
  return client;
};
