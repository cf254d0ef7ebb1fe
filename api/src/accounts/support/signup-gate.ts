import { Inject, Injectable } from '@nestjs/common';
import { EmailStreamNames, invitationDecider, type PlanId } from '@scrivo/domain/accounts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { StreamRunner } from '../../infrastructure/stream-runner';

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

  /**
   * Asks the domain whether a visitor may open an account for this address: refused (409) when it has one
   * (`accountExists`, looked up by the caller), or (403) when the server's sign-up policy keeps it out.
   */
  async admit(email: string, accountExists: boolean): Promise<void> {
    await this.runner.run(invitationDecider, this.emails.invitation(email), {
      type: 'AdmitAccount',
      accountExists,
      opener: { kind: 'visitor', signups: this.config.SCRIVO_SIGNUPS },
    });
  }
}
