import { strFromU8, unzipSync } from 'fflate';
import type { RecordedEvent } from '@scrivo/domain';
import { SECRET_FIELDS, SECRET_SHOWN_AS } from '@scrivo/domain/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../security/support/world';
import { AUDITOR_ENV, auditorClient } from './support';
import { bodyOf, expectStatus } from '../support/expect-status';

interface StoredSecret {
  readonly streamId: string;
  readonly type: string;
  readonly field: string;
  readonly value: string;
}

/** Every secret the store holds now, as the server itself reads it (the reference the views must not show). */
const storedSecrets = async (app: TestApp): Promise<StoredSecret[]> => {
  const events: RecordedEvent[] = await app.scrivo.adapters.events.readAll({ maxCount: 100_000 });
  return events.flatMap((event) => {
    const fields: readonly string[] = Object.hasOwn(SECRET_FIELDS, event.type)
      ? SECRET_FIELDS[event.type as keyof typeof SECRET_FIELDS]
      : [];
    const data: Record<string, unknown> =
      typeof event.data === 'object' && event.data !== null ? { ...event.data } : {};
    return fields.flatMap((field) => {
      const value = data[field];
      return typeof value === 'string' ? [{ streamId: event.streamId, type: event.type, field, value }] : [];
    });
  });
};

const leaked = (secrets: readonly StoredSecret[], text: string) =>
  secrets.filter((s) => text.includes(s.value)).map((s) => `${s.type}.${s.field} (${s.streamId})`);

describe('an auditor reads every history but never a secret', () => {
  let app: TestApp;
  let world: World;
  let auditor: TestClient;
  let secrets: StoredSecret[];

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', ...AUDITOR_ENV });
    world = await buildWorld(app);
    auditor = await auditorClient(app);
    secrets = await storedSecrets(app);
  }, 120_000);
  afterAll(() => app?.close());

  it('the world holds the secrets the issue names: signing keys and password, token and key hashes', () => {
    expect([...new Set(secrets.map((s) => `${s.type}.${s.field}`))]).toEqual(
      expect.arrayContaining([
        'UserRegistered.passwordHash',
        'VerificationCodeIssued.codeHash',
        'AuditorCreated.passwordHash',
        'ChatSiteRegistered.identitySecret',
        'ShareLinkCreated.tokenHash',
        'ShareLinkCreated.passwordHash',
        'ApiKeyCreated.keyHash',
        'WebhookCreated.secret',
      ]),
    );
  });

  it('shows "[secret]" in their place in the events view, every step of the time travel and both exports', async () => {
    const streams = [...new Set(secrets.map((s) => s.streamId))];
    for (const streamId of streams) {
      const events = await auditor.api.audit.events({ query: { streamId, limit: 500 } });
      expectStatus(events, 200);
      expect(leaked(secrets, events.text), `events of ${streamId}`).toEqual([]);
      const own = secrets.filter((s) => s.streamId === streamId);
      const shown = events.body.events as { type: string; data: Record<string, unknown> }[];
      for (const secret of own)
        expect(shown.find((e) => e.type === secret.type)?.data[secret.field]).toBe(SECRET_SHOWN_AS);

      for (let step = 0; step < shown.length; step += 1) {
        const state = await auditor.api.audit.state({ query: { streamId, step } });
        expectStatus(state, 200);
        expect(leaked(secrets, state.text), `state of ${streamId} at ${step}`).toEqual([]);
      }
      const jsonl = await auditor.api.audit.export({ query: { streamId, format: 'jsonl' } });
      expect(jsonl.status).toBe(200);
      expect(leaked(secrets, jsonl.text), `export of ${streamId}`).toEqual([]);
      expect(jsonl.text).toContain(SECRET_SHOWN_AS);
      const pdf = await auditor.api.audit.export({ query: { streamId, format: 'pdf' } });
      expectStatus(pdf, 200);
    }
  });

  it('shows no secret in the searches either (by address, by correlation)', async () => {
    const byEmail = await auditor.api.audit.search({ query: { by: 'email', q: world.owner.email } });
    expectStatus(byEmail, 200);
    expect(leaked(secrets, byEmail.text)).toEqual([]);
    const created = await auditor.api.audit.events({
      query: { streamId: `webhooks-${world.owner.userId}`, limit: 1 },
    });
    expectStatus(created, 200);
    const correlationId = (created.body.events as { correlationId: string }[])[0]!.correlationId;
    const correlated = await auditor.api.audit.search({ query: { by: 'correlation', q: correlationId } });
    expectStatus(correlated, 200);
    expect(correlated.text).toContain('WebhookCreated');
    expect(leaked(secrets, correlated.text)).toEqual([]);
  });

  it("leaves no hash or secret in the owner's own data export", async () => {
    const { client } = world.owner;
    const asked = await client.api.privacy.requestDataExport();
    expectStatus(asked, 202);
    const exportId = asked.body.id as string;
    const deadline = Date.now() + 30_000;
    let url: string | null = null;
    while (!url && Date.now() < deadline) {
      const items = bodyOf(await client.api.privacy.listDataExports(), 200).items as {
        id: string;
        status: string;
        downloadUrl: string | null;
      }[];
      url = items.find((e) => e.id === exportId && e.status === 'ready')?.downloadUrl ?? null;
      if (!url) await new Promise((r) => setTimeout(r, 150));
    }
    expect(url).toBeTruthy();
    const download = await fetch(`${app.url}${url}`, { headers: { cookie: client.cookieHeader } });
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const text = Object.entries(files)
      .filter(([name]) => !name.includes('/original.'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(text).toContain(world.owner.email);
    expect(leaked(secrets, text)).toEqual([]);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/passwordHash|tokenHash|keyHash|identitySecret/);
  });
});
