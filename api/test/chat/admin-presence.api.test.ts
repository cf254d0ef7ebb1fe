import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { bodyOf } from '../support/expect-status';
import { startTestApp, type TestApp } from '../support/test-app';
import { adminClient } from './admin-session';
import { startVisitor } from './visitor';

/** "Our team is online" in the widget means an admin has the queue open now, not that one signed in once. */
describe('support team presence', () => {
  let app: TestApp;

  // The chat feature reads its settings from the process environment (see chat-config.ts).
  beforeAll(async () => {
    process.env.SCRIVO_CHAT_ADMIN_AWAY_SECONDS = '2';
    app = await startTestApp();
  });
  afterAll(async () => {
    delete process.env.SCRIVO_CHAT_ADMIN_AWAY_SECONDS;
    await app?.close();
  });

  const online = async () =>
    bodyOf(await new TestClient(app.url).api.chat.getSite({ params: { siteKey: 'scrivo-app' } }), 200)
      .adminAvailable;

  it('is online while an admin has the queue open, and away once the queue has been quiet for the away time', async () => {
    expect(await online()).toBe(false);

    const { client: admin } = await adminClient(app);
    expect((await admin.api.adminChat.listSessions({ query: { page: 1, limit: 20 } })).status).toBe(200);
    expect(await online()).toBe(true);
    // A visitor asking for a person then hears that someone will reply, not "leave your email".
    const visitor = await startVisitor(app.url);
    const escalated = await visitor.escalate();
    expect(escalated.body).toMatchObject({ status: 'escalated', adminAvailable: true });

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await online()).toBe(false);
    expect(bodyOf(await visitor.get(), 200).session).toMatchObject({ adminAvailable: false });
  });
});
