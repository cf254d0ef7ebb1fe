import { Inject, Injectable } from '@nestjs/common';
import {
  type Clock,
  CommandHandler,
  type CommandContext,
  type EventStore,
  type Ids,
  type UpcasterRegistry,
} from '@scrivo/domain';
import {
  AccountStreams,
  type AdminAccountCommand,
  type AdminAccountState,
  type AdminEvent,
  type EmailClaimCommand,
  type EmailClaimEvent,
  type EmailClaimState,
  type EmailVerificationCommand,
  type EmailVerificationEvent,
  type EmailVerificationState,
  type UserAccountCommand,
  type UserAccountState,
  type UserEvent,
  adminAccountDecider,
  emailClaimDecider,
  emailVerificationDecider,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import { currentRequest } from '../../common/request-context';
import { CLOCK, EVENT_STORE, IDS, UPCASTERS } from '../../infrastructure/tokens';

/**
 * The accounts capability's streams, each behind the kernel's CommandHandler (load, decide, append with
 * optimistic concurrency). Email-to-owner look-ups read the claim streams, which are strongly consistent, so a
 * sign-in right after sign-up never misses the account.
 */
@Injectable()
export class AccountStreamsService {
  readonly users: CommandHandler<UserAccountCommand, UserEvent, UserAccountState>;
  readonly verifications: CommandHandler<
    EmailVerificationCommand,
    EmailVerificationEvent,
    EmailVerificationState
  >;
  readonly claims: CommandHandler<EmailClaimCommand, EmailClaimEvent, EmailClaimState>;
  readonly admins: CommandHandler<AdminAccountCommand, AdminEvent, AdminAccountState>;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) readonly clock: Clock,
    @Inject(IDS) readonly ids: Ids,
    @Inject(UPCASTERS) upcasters: UpcasterRegistry,
  ) {
    const deps = { store, clock, ids, upcasters };
    this.users = new CommandHandler(userAccountDecider, deps);
    this.verifications = new CommandHandler(emailVerificationDecider, deps);
    this.claims = new CommandHandler(emailClaimDecider, deps);
    this.admins = new CommandHandler(adminAccountDecider, deps);
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  /** Event metadata for the current request (or a system action outside one). */
  context(actor?: CommandContext['actor']): CommandContext {
    const request = currentRequest();
    return {
      actor: actor ?? request?.actor ?? { kind: 'visitor', id: 'anonymous' },
      correlationId: request?.correlationId ?? this.ids.next(),
      causationId: request?.requestId ?? null,
    };
  }

  async userIdByEmail(email: string): Promise<string | null> {
    return (await this.claims.load(AccountStreams.userEmail(email))).state.ownerId;
  }

  async adminIdByEmail(email: string): Promise<string | null> {
    return (await this.claims.load(AccountStreams.adminEmail(email))).state.ownerId;
  }

  async loadUser(userId: string) {
    return (await this.users.load(AccountStreams.user(userId))).state;
  }
}
