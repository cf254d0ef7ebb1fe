import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@scrivo/domain';
import { EmailStreamNames, invitationDecider, type PlanId } from '@scrivo/domain/accounts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';

export const SIGNUPS_CLOSED_MESSAGE =
  'Sign-ups are closed on this server: only its administrators create accounts. Please ask them for one.';
export const NOT_INVITED_MESSAGE =
  'Sign-ups on this server are by invitation only, and this address has not been invited. Please ask the administrator of this server for an invitation.';

/** Who may create an account here (SCRIVO_SIGNUPS) and on which plan new accounts start (SCRIVO_DEFAULT_PLAN). */
@Injectable()
export class SignupGate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: StreamRunner,
    private readonly emails: EmailStreamNames,
  ) {}

  get defaultPlan(): PlanId {
    return this.config.SCRIVO_DEFAULT_PLAN;
  }

  /** Refuses (403) a new account for this address unless the server's sign-up policy lets it in. */
  async assertMaySignUp(email: string): Promise<void> {
    const policy = this.config.SCRIVO_SIGNUPS;
    if (policy === 'open') return;
    if (policy === 'closed') throw new DomainError('SIGNUPS_CLOSED', SIGNUPS_CLOSED_MESSAGE);
    const invitation = await this.runner.state(invitationDecider, this.emails.invitation(email));
    if (!invitation.invited) throw new DomainError('SIGNUP_NOT_INVITED', NOT_INVITED_MESSAGE);
  }
}
