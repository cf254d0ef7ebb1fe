import type { AddressInfo } from 'node:net';
import { CommandBus } from '@nestjs/cqrs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleSignInCommand } from '../../src/accounts/commands/sign-in.commands';
import { SESSION_COOKIE, SessionStore } from '../../src/common/auth/session-store';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { bodyOf, expectStatus } from '../support/expect-status';

/** A real SMTP server on 127.0.0.1: the API sends its mail there, as it would to the operator's relay. */
const startSmtpServer = async () => {
  const received: Buffer[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * An account made through Google has no password: "Delete my account" is confirmed with a code emailed to it
 * (any account may use the code instead of its password).
 */
describe('Delete my account, confirmed by an emailed code', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_MAILER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** The code of the newest email with this tag to this address, read as a mail client would. */
  const codeFrom = async (email: string, tag = 'account-deletion-code'): Promise<string> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mails = await Promise.all(smtp.received.map((raw) => simpleParser(raw)));
      const mail = mails
        .reverse()
        .find((m) => m.headers.get('x-scrivo-tag') === tag && JSON.stringify(m.to).includes(email));
      const code = mail?.subject?.match(/(\d{6})$/)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no ${tag} email reached ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const googleOnlyClient = async (email: string) => {
    const { userId } = await app.scrivo.app.get(CommandBus).execute(
      new GoogleSignInCommand({
        subject: `google-${email}`,
        email,
        emailVerified: true,
        firstName: 'Grace',
        lastName: 'Hopper',
        language: 'en',
      }),
    );
    const session = await app.scrivo.app.get(SessionStore).create('user', userId);
    const client = new TestClient(app.url);
    client.setCookie(SESSION_COOKIE.user, session.id);
    return { client, userId };
  };

  it('deletes a Google-only account with the code it was emailed; a wrong code or none changes nothing', async () => {
    const email = 'grace.google@example.com';
    const { client } = await googleOnlyClient(email);
    // No password to give.
    const withPassword = await client.api.privacy.deleteAccount({ body: { password: 'anything' } });
    expectStatus(withPassword, 409);
    expect(withPassword.body.code).toBe('NO_PASSWORD');
    // No code asked for yet.
    expect(bodyOf(await client.api.privacy.deleteAccount({ body: { code: '123456' } }), 400).code).toBe(
      'VERIFICATION_CODE_MISSING',
    );

    const sent = await client.api.privacy.sendDeletionCode();
    expectStatus(sent, 200);
    const code = await codeFrom(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.api.privacy.deleteAccount({ body: { code: wrong } });
    expectStatus(refused, 400);
    expect(refused.body.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await client.api.accounts.getAccount()).status).toBe(200);

    const deleted = await client.api.privacy.deleteAccount({ body: { code } });
    expectStatus(deleted, 200);
    expect((await client.api.accounts.getAccount()).status).toBe(401);
    const again = await new TestClient(app.url).api.accounts.checkUserExists({ body: { email } });
    expect(again.body).toEqual({ exists: false });
  });

  it('a code is for the signed-in owner only: it does not delete another account', async () => {
    expect((await new TestClient(app.url).api.privacy.sendDeletionCode()).status).toBe(401);
    const owner = await googleOnlyClient('owner.google@example.com');
    const other = await googleOnlyClient('other.google@example.com');
    expect((await owner.client.api.privacy.sendDeletionCode()).status).toBe(200);
    const code = await codeFrom('owner.google@example.com');
    const stolen = await other.client.api.privacy.deleteAccount({ body: { code } });
    expectStatus(stolen, 400);
    expect(stolen.body.code).toBe('VERIFICATION_CODE_MISSING');
    expect((await other.client.api.accounts.getAccount()).status).toBe(200);
    expect((await owner.client.api.privacy.deleteAccount({ body: { code } })).status).toBe(200);
  });
});
