import { Inject, Injectable } from '@nestjs/common';
import type { Ids } from '@scrivo/domain';
import {
  AccountStreams,
  EmailStreamNames,
  emailClaimDecider,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';

/**
 * Look-ups over the accounts streams (writes go through the StreamRunner). Email-to-owner look-ups read the
 * claim streams, which are strongly consistent, so a sign-in right after sign-up never misses the account.
 */
@Injectable()
export class AccountStreamsService {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(IDS) readonly ids: Ids,
    /** The keyed names of an address's streams. */
    readonly emails: EmailStreamNames,
  ) {}

  now(): string {
    return this.runner.now();
  }

  async userIdByEmail(email: string): Promise<string | null> {
    return (await this.runner.state(emailClaimDecider, this.emails.userEmail(email))).ownerId;
  }

  async adminIdByEmail(email: string): Promise<string | null> {
    return (await this.runner.state(emailClaimDecider, this.emails.adminEmail(email))).ownerId;
  }

  loadUser(userId: string) {
    return this.runner.state(userAccountDecider, AccountStreams.user(userId));
  }
}
