import { CommandBus } from '@nestjs/cqrs';
import type { PlanId } from '../../src/common/auth/authenticated';
import { SESSION_COOKIE, SessionStore } from '../../src/common/auth/session-store';
import { SetPlanCommand } from '../../src/accounts/commands/account.commands';
import { RegisterUserCommand } from '../../src/accounts/commands/register.command';
import {
  SendVerificationCodeCommand,
  VerifyEmailCodeCommand,
} from '../../src/accounts/commands/verification.commands';
import { latestVerificationCode } from '../accounts/support/outbox';
import { TestClient } from './http-client';
import type { TestApp } from './test-app';

let counter = 0;

/**
 * A signed-in client for tests of other features. It goes through the real accounts commands (code sent to the
 * outbox, read back, verified, registration), then opens a session with the real session store; only the HTTP
 * round trips of the sign-up form are skipped (and with them its rate limits).
 */
export const signedInClient = async (
  app: TestApp,
  options: { email?: string; plan?: PlanId } = {},
): Promise<{ client: TestClient; userId: string; email: string }> => {
  counter += 1;
  const email = (
    options.email ?? `user-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
  ).toLowerCase();
  const commands = app.scrivo.app.get(CommandBus);
  await commands.execute(new SendVerificationCodeCommand(email, 'en'));
  await commands.execute(new VerifyEmailCodeCommand(email, await latestVerificationCode(app.dataDir, email)));
  const { userId } = await commands.execute(
    new RegisterUserCommand({
      email,
      password: 'test-password',
      firstName: 'Test',
      lastName: 'User',
      industry: 'Technology & Software',
    }),
  );
  if (options.plan && options.plan !== 'free')
    await commands.execute(new SetPlanCommand(userId, options.plan));
  const session = await app.scrivo.app.get(SessionStore).create('user', userId);
  const client = new TestClient(app.url);
  client.setCookie(SESSION_COOKIE.user, session.id);
  return { client, userId, email };
};

/**
 * The client's sign-in as a cookie for a Playwright browser context: the same person, signed in, in Chromium.
 * Browser tests take it from here, so none of them needs to know how sessions are kept.
 */
export const browserSession = (client: TestClient, url: string) => {
  const value = client.cookie(SESSION_COOKIE.user);
  if (value === undefined) throw new Error('This client is not signed in.');
  return { name: SESSION_COOKIE.user, value, url, httpOnly: true };
};
