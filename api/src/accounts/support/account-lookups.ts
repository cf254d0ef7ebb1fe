import {
  AccountStreams,
  type EmailStreamNames,
  emailClaimDecider,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import type { StreamRunner } from '../../infrastructure/stream-runner';

// Look-ups the accounts handlers make before they decide. Email-to-owner look-ups read the claim streams, which are
// strongly consistent, so a sign-in right after sign-up never misses the account.

/** The user account that holds this sign-in address, or null. */
export const userIdByEmail = async (
  runner: StreamRunner,
  emails: EmailStreamNames,
  email: string,
): Promise<string | null> => (await runner.state(emailClaimDecider, emails.userEmail(email))).ownerId;

/** The user account that holds this address and was recorded (not only a claim a half-done opening left), or null. */
export const registeredUserIdByEmail = async (
  runner: StreamRunner,
  emails: EmailStreamNames,
  email: string,
): Promise<string | null> => {
  const owner = await userIdByEmail(runner, emails, email);
  return owner && (await loadUser(runner, owner)).exists ? owner : null;
};

/** The admin account that holds this address, or null. */
export const adminIdByEmail = async (
  runner: StreamRunner,
  emails: EmailStreamNames,
  email: string,
): Promise<string | null> => (await runner.state(emailClaimDecider, emails.adminEmail(email))).ownerId;

/** The user account's state, folded from its stream (`exists` is false for an id nobody registered). */
export const loadUser = (runner: StreamRunner, userId: string) =>
  runner.state(userAccountDecider, AccountStreams.user(userId));
