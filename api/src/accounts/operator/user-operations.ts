import type { Ids } from '@scrivo/domain';
import {
  AccountStreams,
  type ChangedBy,
  type EmailStreamNames,
  invitationDecider,
  type PlanId,
  userAccountDecider,
  weeklyUsageAnchor,
} from '@scrivo/domain/accounts';
import { usagePeriod } from '@scrivo/domain/recordings';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { registeredUserIdByEmail } from '../support/account-lookups';
import { accountOfAddress, openAccount } from '../support/account-opening';

/**
 * An operator's changes to users, shared by the console (through Nest) and the `users` CLI (without it): every
 * change runs the user-account decider on the user's stream through the StreamRunner, with who and why.
 */
export class UserOperations {
  constructor(
    private readonly deps: {
      readonly runner: StreamRunner;
      readonly ids: Ids;
      /** The keyed names of an address's streams. */
      readonly emails: EmailStreamNames;
    },
  ) {}

  userIdByEmail(email: string): Promise<string | null> {
    return registeredUserIdByEmail(this.deps.runner, this.deps.emails, email);
  }

  setPlan(userId: string, plan: PlanId, until: string | null, by: ChangedBy, reason: string) {
    return this.deps.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'SetPlanByAdmin', plan, until, by, reason, at: this.deps.runner.now() },
      { actor: actorOf(by) },
    );
  }

  /**
   * Records the grant (who, why) on the user's stream; the minutes-grants workflow counts it on the period's usage
   * stream, where reservations see it (in the API before this answers; from the command line once the API runs).
   */
  async grantMinutes(userId: string, minutes: number, by: ChangedBy, reason: string) {
    const now = this.deps.runner.now();
    // The current usage period: a weekly subscriber's billing week, else the month.
    const account = await this.deps.runner.state(userAccountDecider, AccountStreams.user(userId));
    const period = usagePeriod(new Date(now), weeklyUsageAnchor(account, now)).id;
    return this.deps.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'GrantMinutes', grantId: this.deps.ids.next(), minutes, period, by, reason, at: now },
      { actor: actorOf(by) },
    );
  }

  /**
   * Records the suspension; the suspended-sessions workflow ends the user's sessions (in the API before this
   * answers; from the command line once the API sees it, and the API refuses a suspended user's sessions meanwhile).
   */
  suspend(userId: string, by: ChangedBy, reason: string) {
    return this.deps.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'SuspendUser', by, reason, at: this.deps.runner.now() },
      { actor: actorOf(by) },
    );
  }

  reactivate(userId: string, by: ChangedBy, reason: string) {
    return this.deps.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'ReactivateUser', by, reason, at: this.deps.runner.now() },
      { actor: actorOf(by) },
    );
  }

  invite(email: string, by: ChangedBy) {
    return this.deps.runner.run(
      invitationDecider,
      this.deps.emails.invitation(email),
      { type: 'InviteUser', email, by, at: this.deps.runner.now() },
      { actor: actorOf(by) },
    );
  }

  revokeInvitation(email: string, by: ChangedBy) {
    return this.deps.runner.run(
      invitationDecider,
      this.deps.emails.invitation(email),
      { type: 'RevokeInvitation', email, by, at: this.deps.runner.now() },
      { actor: actorOf(by) },
    );
  }

  /**
   * An account an operator creates (closed sign-ups): no password yet, the address still to be proven. It opens the
   * way a sign-up does (`openAccount`), so a retry after a crash between its two steps finishes it under the same id.
   */
  async createAccount(
    person: { email: string; firstName: string; lastName: string; plan: PlanId },
    by: ChangedBy,
  ): Promise<string> {
    const { userId, exists } = await accountOfAddress(this.deps, person.email);
    await this.deps.runner.run(
      invitationDecider,
      this.deps.emails.invitation(person.email),
      { type: 'AdmitAccount', accountExists: exists, opener: { kind: 'operator' } },
      { actor: actorOf(by) },
    );
    await openAccount(
      this.deps,
      {
        type: 'RegisterUser',
        userId,
        email: person.email,
        passwordHash: null,
        firstName: person.firstName,
        lastName: person.lastName,
        industry: null,
        hearAboutUs: `Created by ${by.label}`,
        language: 'en',
        verifiedBy: null,
        plan: person.plan,
        at: this.deps.runner.now(),
      },
      { actor: actorOf(by) },
    );
    return userId;
  }
}

const actorOf = (by: ChangedBy) =>
  by.kind === 'admin' && by.adminId
    ? { kind: 'admin' as const, id: by.adminId }
    : { kind: 'system' as const, id: 'users-cli' };
