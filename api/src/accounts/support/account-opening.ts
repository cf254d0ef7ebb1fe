import { DomainError, type Ids } from '@scrivo/domain';
import {
  AccountStreams,
  type EmailStreamNames,
  emailClaimDecider,
  emailVerificationDecider,
  type UserAccountCommandOf,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import type { RunContext, StreamRunner } from '../../infrastructure/stream-runner';
import { loadUser, userIdByEmail } from './account-lookups';

// Opening an account, the one path for a sign-up, a first Google sign-in and an operator's new account (the console
// and the users CLI's operations).

export interface AccountOpeningDeps {
  readonly runner: StreamRunner;
  readonly emails: EmailStreamNames;
  readonly ids: Ids;
}

/**
 * The account an address belongs to (`exists`), or the id a new account for it takes. An address claimed by an id
 * with no account behind it is what a crash between the two steps of `openAccount` leaves: the next opening takes
 * that same id, so it finishes the one that stopped instead of finding the address taken.
 */
export const accountOfAddress = async (
  { runner, emails, ids }: AccountOpeningDeps,
  email: string,
): Promise<{ readonly userId: string; readonly exists: boolean }> => {
  const owner = await userIdByEmail(runner, emails, email);
  if (owner && (await loadUser(runner, owner)).exists) return { userId: owner, exists: true };
  return { userId: owner ?? ids.next(), exists: false };
};

/**
 * Opens an account (its id from `accountOfAddress`): claims the address, then records the account. Two streams,
 * yet one sequence in the request rather than a reaction: the claim keeps an address to one account, and its
 * refusal (EMAIL_TAKEN) must be the request's answer. A crash between the two is finished by the next attempt for
 * the address (same id), and the claim alone grants nothing: no account, no sign-in.
 *
 * A registration `verifiedBy: 'code'` uses up the code the address was proven with before the account existed
 * (sign-up), after the claim, so a sign-up that lost the address to another uses nothing; without a fresh proof the
 * account opens unverified and not signed in. Answers whether the address is verified.
 */
export const openAccount = async (
  { runner, emails }: Pick<AccountOpeningDeps, 'runner' | 'emails'>,
  registration: UserAccountCommandOf<'RegisterUser'>,
  context: RunContext,
): Promise<{ readonly verified: boolean }> => {
  const { userId, email, at } = registration;
  await runner.run(
    emailClaimDecider,
    emails.userEmail(email),
    { type: 'ClaimEmail', email, ownerId: userId, at },
    context,
  );
  const proven =
    registration.verifiedBy === 'code'
      ? await useUpVerification(runner, emails, registration, context)
      : true;
  const recorded = proven ? registration : { ...registration, verifiedBy: null, signsIn: false };
  await runner.run(userAccountDecider, AccountStreams.user(userId), recorded, context);
  return { verified: recorded.verifiedBy !== null };
};

/** False when the address has no fresh proof to use up. */
const useUpVerification = async (
  runner: StreamRunner,
  emails: EmailStreamNames,
  { email, userId, at }: UserAccountCommandOf<'RegisterUser'>,
  context: RunContext,
): Promise<boolean> => {
  try {
    await runner.run(
      emailVerificationDecider,
      emails.emailVerification(email),
      { type: 'ConsumeVerification', email, userId, at },
      context,
    );
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'EMAIL_NOT_VERIFIED') return false;
    throw error;
  }
};
