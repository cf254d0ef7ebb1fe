import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';
import { Argon2PasswordHasher } from '@scrivo/adapters/passwords/argon2-password-hasher';
import { freePort } from '@scrivo/adapters/testing/free-port';
import type { NewEvent } from '@scrivo/domain';
import { EmailStreamNames } from '@scrivo/domain/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterUserCommand } from '../../src/accounts/commands/register.command';
import {
  SendVerificationCodeCommand,
  VerifyEmailCodeCommand,
} from '../../src/accounts/commands/verification.commands';
import { hashVerificationCode } from '../../src/accounts/support/secrets';
import { createApp } from '../../src/create-app';
import { EMAIL_STREAM_MIGRATION_STREAM } from '../../src/privacy/email-stream-migration';
import { latestVerificationCode } from '../accounts/support/outbox';
import { AUDITOR, AUDITOR_ENV, auditorClient } from '../audit/support';
import { TestClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';

/** The addresses of the fixtures: an account, an address with a code waiting, an invited address. */
const MEMBER = 'old.member@example.com';
const PENDING = 'half.way@example.com';
const INVITED = 'invited.guest@example.com';
const PASSWORD = 'old-password-1';
const CODE = '424242';

const at = '2026-01-05T10:00:00.000Z';
const later = new Date(Date.now() + 3_600_000).toISOString();
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  schemaVersion: 1,
  metadata: {
    eventId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
    actor: { kind: 'system', id: 'fixture' },
    occurredAt: at,
  },
});

/**
 * The events a server before keyed names wrote, under the names it gave them (the address in the stream name,
 * and in plain text in the events).
 */
const writeOldShapedStore = async (dataDir: string, userId: string): Promise<void> => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  const passwordHash = await new Argon2PasswordHasher().hash(PASSWORD);
  const streams: [string, NewEvent[]][] = [
    [
      `email-verification-${MEMBER}`,
      [
        event('VerificationCodeIssued', {
          email: MEMBER,
          codeHash: hashVerificationCode(MEMBER, '111111'),
          issuedAt: at,
          expiresAt: at,
        }),
        event('EmailAddressVerified', { email: MEMBER, verifiedAt: at }),
        event('EmailVerificationConsumed', { email: MEMBER, userId, at }),
      ],
    ],
    [`user-email-${MEMBER}`, [event('EmailClaimed', { email: MEMBER, ownerId: userId, at })]],
    [
      `user-${userId}`,
      [
        event('UserRegistered', {
          userId,
          email: MEMBER,
          passwordHash,
          firstName: 'Old',
          lastName: 'Member',
          industry: null,
          hearAboutUs: null,
          language: 'en',
          plan: 'free',
          registeredAt: at,
        }),
        event('UserEmailVerified', { userId, email: MEMBER, method: 'code', verifiedAt: at }),
      ],
    ],
    [
      `email-verification-${PENDING}`,
      [
        event('VerificationCodeIssued', {
          email: PENDING,
          codeHash: hashVerificationCode(PENDING, CODE),
          issuedAt: at,
          expiresAt: later,
        }),
      ],
    ],
    [
      `user-invitation-${INVITED}`,
      [
        event('UserInvited', {
          email: INVITED,
          by: { kind: 'cli', adminId: null, label: 'command line' },
          invitedAt: at,
        }),
      ],
    ],
  ];
  for (const [stream, events] of streams)
    await store.append(stream, events, { expectedRevision: 'no_stream' });
  await store.close();
};

const streamNamesIn = async (dataDir: string): Promise<string[]> => {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
  try {
    return [...new Set((await store.readAll()).map((e) => e.streamId))];
  } finally {
    await store.close();
  }
};

const startOn = async (dataDir: string): Promise<TestApp> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const scrivo = await createApp({
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    SCRIVO_PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    SCRIVO_DATA_DIR: dataDir,
    SCRIVO_SIGNUPS: 'invite',
    SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
    ...AUDITOR_ENV,
  });
  await scrivo.app.listen(port, '127.0.0.1');
  return { url, dataDir, scrivo, close: () => scrivo.close() };
};

const register = (commands: CommandBus, email: string) =>
  commands.execute(
    new RegisterUserCommand({
      email,
      password: 'new-password-1',
      firstName: 'New',
      lastName: 'Person',
      industry: 'Technology & Software',
    }),
  );

/**
 * Streams named by an address (`user-email-{email}`, `email-verification-{email}`, `user-invitation-{email}`)
 * are renamed to keyed names at start-up; what they held keeps working.
 */
describe('streams stored under the old email-holding names', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrivo-email-streams-'));
  const userId = randomUUID();
  let app: TestApp | null = null;

  beforeAll(async () => {
    await writeOldShapedStore(dataDir, userId);
    app = await startOn(dataDir);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are moved to keyed names at start-up: no stream name holds an address any more', async () => {
    const names = await streamNamesIn(dataDir);
    expect(names.filter((n) => n.includes('@'))).toEqual([]);
    const emails = app!.scrivo.app.get(EmailStreamNames);
    expect(names).toEqual(
      expect.arrayContaining([
        emails.userEmail(MEMBER),
        emails.emailVerification(MEMBER),
        emails.emailVerification(PENDING),
        emails.invitation(INVITED),
        `user-${userId}`,
        EMAIL_STREAM_MIGRATION_STREAM,
      ]),
    );
    expect(emails.userEmail(MEMBER)).toMatch(/^user-email-h-[0-9a-f]{64}$/);
  });

  it('the old account still signs in with its password', async () => {
    const client = new TestClient(app!.url);
    const login = await client.api.accounts.login({
      body: { email: MEMBER.toUpperCase(), password: PASSWORD },
    });
    expectStatus(login, 200);
    expect((await client.api.accounts.getAccount()).body).toMatchObject({ email: MEMBER, firstName: 'Old' });
  });

  it('a code sent before the rename still verifies the address, which then signs up', async () => {
    const commands = app!.scrivo.app.get(CommandBus);
    await commands.execute(new VerifyEmailCodeCommand(PENDING, CODE));
    // Sign-ups are by invitation here: the pending address was never invited.
    await expect(register(commands, PENDING)).rejects.toMatchObject({ code: 'SIGNUP_NOT_INVITED' });
  });

  it('an invitation stored under the old name still lets its address sign up', async () => {
    const commands = app!.scrivo.app.get(CommandBus);
    await commands.execute(new SendVerificationCodeCommand(INVITED, 'en'));
    await commands.execute(
      new VerifyEmailCodeCommand(INVITED, await latestVerificationCode(dataDir, INVITED)),
    );
    const { userId: invitedId } = await register(commands, INVITED);
    expect(invitedId).toMatch(/^[0-9a-f-]{36}$/);
    // The address is taken now, and was taken before the rename too.
    await expect(register(commands, MEMBER)).rejects.toBeTruthy();
  });

  it("the auditor's search by email still finds the account and its address streams", async () => {
    const auditor = await auditorClient(app!, AUDITOR);
    const found = await auditor.api.audit.search({ query: { by: 'email', q: MEMBER } });
    expectStatus(found, 200);
    const ids = (found.body.streams as { streamId: string }[]).map((s) => s.streamId);
    const emails = app!.scrivo.app.get(EmailStreamNames);
    expect(ids).toEqual(expect.arrayContaining([`user-${userId}`, emails.userEmail(MEMBER)]));
    expect(ids.some((id) => id.includes('@'))).toBe(false);
  });

  it('runs once: a second start finds it done and changes nothing', async () => {
    await app!.close();
    app = await startOn(dataDir);
    const store = new SqliteEventStore({ path: join(dataDir, 'events.db') });
    try {
      expect((await store.readStream(EMAIL_STREAM_MIGRATION_STREAM)).map((e) => e.data)).toEqual([
        { moved: 4, at: expect.any(String) },
      ]);
    } finally {
      await store.close();
    }
    const login = await new TestClient(app.url).api.accounts.login({
      body: { email: MEMBER, password: PASSWORD },
    });
    expectStatus(login, 200);
  });
});
