import { StreamRunner } from '../../infrastructure/stream-runner';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@scrivo/domain';
import {
  type Language,
  type Mailer,
  type MailMessage,
  verificationCodeEmail,
  emailVerificationDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';
import { ApiError } from '../../common/api-error';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { MAILER } from '../tokens';
import { hashVerificationCode, newVerificationCode } from './secrets';

/** Issues a code on the address's verification stream, then emails it. Used by sign-up, resend and sign-in. */
@Injectable()
export class VerificationMail {
  constructor(
    private readonly emails: EmailStreamNames,
    private readonly runner: StreamRunner,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  /** `compose`: which email carries the code (sign-up verification by default, or the account deletion one). */
  async send(
    email: string,
    language: Language,
    compose: (to: string, code: string, language: Language) => MailMessage = verificationCodeEmail,
  ): Promise<void> {
    const code = newVerificationCode();
    await this.runner.run(
      emailVerificationDecider,
      this.emails.emailVerification(email),
      { type: 'IssueCode', email, codeHash: hashVerificationCode(email, code), at: this.runner.now() },
      {},
    );
    try {
      await this.mailer.send(compose(email, code, language));
    } catch (error) {
      this.logger.error({ err: error }, 'verification email could not be sent');
      // The mail server failed, not a rule: the code is issued, only its delivery is to be tried again.
      throw new ApiError(
        502,
        'EMAIL_SEND_FAILED',
        'We could not send the verification email. Please try again in a moment.',
      );
    }
  }

  /** For sign-in of an unverified account: a code sent moments ago is still good, so the cooldown is not an error. */
  async sendUnlessRecent(email: string, language: Language): Promise<void> {
    try {
      await this.send(email, language);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'RATE_LIMITED')) throw error;
    }
  }
}
