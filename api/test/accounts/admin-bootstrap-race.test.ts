import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBootstrap } from '../../src/accounts/admin-bootstrap';
import { ROOT_LOGGER, type RootLogger } from '../../src/common/logger';
import { APP_CONFIG, type AppConfig } from '../../src/config/config';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('several API processes starting at once with SCRIVO_ADMIN_EMAIL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => app?.close());

  it('all start: the ones that lose the race to create the admin find it and keep it', async () => {
    const config: AppConfig = {
      ...app.scrivo.app.get<AppConfig>(APP_CONFIG),
      SCRIVO_ADMIN_EMAIL: 'race@scrivo.test',
      SCRIVO_ADMIN_PASSWORD: 'admin-secret-1',
    };
    const bus = app.scrivo.app.get(CommandBus);
    const logger = app.scrivo.app.get<RootLogger>(ROOT_LOGGER);
    // Each bootstrap is what one process does at start-up, against the same event store.
    const starts = await Promise.allSettled(
      Array.from({ length: 4 }, () => new AdminBootstrap(bus, config, logger).onApplicationBootstrap()),
    );
    expect(starts.filter((s) => s.status === 'rejected')).toEqual([]);

    const client = new TestClient(app.url);
    const signIn = await client.api.accounts.adminLogin({
      body: {
        username: 'race@scrivo.test',
        password: 'admin-secret-1',
      },
    });
    expect(signIn.body).toMatchObject({ success: true, admin: { email: 'race@scrivo.test' } });
    const created = (await app.scrivo.adapters.events.readAll({ after: -1, maxCount: 100_000 })).filter(
      (e) => e.type === 'AdminCreated',
    );
    expect(created).toHaveLength(1);
  });
});
