import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Argon2PasswordHasher } from '@scrivo/adapters/passwords/argon2-password-hasher';
import {
  adminsProjection,
  auditorsProjection,
  EmailStreamNames,
  invitationsProjection,
  type Mailer,
  usersProjection,
} from '@scrivo/domain/accounts';
import type { Clock, Ids, ReadModelStore } from '@scrivo/domain';
import { SessionStore } from '../common/auth/session-store';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { StreamRunner } from '../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, CLOCK, IDS, READ_MODELS } from '../infrastructure/tokens';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { billingEmailsReactor } from './billing-emails.reactor';
import { minutesGrantsReactor } from './minutes-grants.reactor';
import { suspendedSessionsReactor } from './suspended-sessions.reactor';
import { UserDirectory } from './operator/user-directory';
import { UserOperations } from './operator/user-operations';
import { SignupGate } from './support/signup-gate';
import { Projections } from '../infrastructure/projection-registry';
import { AdminBootstrap } from './admin-bootstrap';
import { AuditorBootstrap } from './auditor-bootstrap';
import { AuditorSignInHandler, UpsertAuditorHandler } from './commands/auditor.commands';
import { AuditorAuthController } from './controllers/auditor-auth.controller';
import {
  CheckUserExistsHandler,
  GetUserHandler,
  SetPlanHandler,
  UpdateProfileHandler,
} from './commands/account.commands';
import { AdminSignInHandler, UpsertAdminHandler } from './commands/admin.commands';
import {
  ApplyBillingNoticeHandler,
  ChoosePlanHandler,
  OpenBillingPortalHandler,
} from './commands/billing.commands';
import { BillingWebhookController } from './controllers/billing-webhook.controller';
import {
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ValidateResetTokenHandler,
} from './commands/password-reset.commands';
import { RegisterUserHandler } from './commands/register.command';
import { GoogleSignInHandler, PasswordSignInHandler } from './commands/sign-in.commands';
import { SendVerificationCodeHandler, VerifyEmailCodeHandler } from './commands/verification.commands';
import { AccountController } from './controllers/account.controller';
import { AccountSecurityController } from './controllers/account-security.controller';
import {
  ChangePasswordHandler,
  ListSessionsHandler,
  RevokeSessionHandler,
} from './commands/account-security.commands';
import { AccountsController } from './controllers/accounts.controller';
import { AdminAuthController } from './controllers/admin-auth.controller';
import { AdminUsersController } from './controllers/admin-users.controller';
import { adminUsersCommandHandlers } from './commands/admin-users.commands';
import { GoogleController } from './controllers/google.controller';
import { PasswordResetController } from './controllers/password-reset.controller';
import { GoogleAuthGuard } from './google/google-auth.guard';
import { googleConfigured } from './google/google.config';
import { GoogleStrategy } from './google/google.strategy';
import { registerAccountErrorCodes } from './support/error-codes';
import { createMailer } from './support/mailer.factory';
import { AuthRateLimiter, AuthRateLimitGuard } from './support/rate-limit';
import { AccountSessions } from './support/sessions';
import { StaffDirectory } from './support/staff-directory';
import { createPaymentProvider } from './support/payments.factory';
import { exemptFromCsrf } from '../common/csrf';
import { VerificationMail } from './support/verification-mail';
import { MAILER, PASSWORD_HASHER, PAYMENT_PROVIDER } from './tokens';

registerAccountErrorCodes();
// Stripe signs its webhooks; it sends no cookie and no CSRF token. Exactly this path, as the router matches it.
exemptFromCsrf(/^\/api\/billing\/stripe\/webhook$/);

/**
 * Accounts: users (sign-up, verification, sign-in, reset, Google), admins, auditors, the account page.
 * docs/accounts.md.
 */
@Module({
  controllers: [
    AccountsController,
    PasswordResetController,
    AdminAuthController,
    AuditorAuthController,
    AccountController,
    AccountSecurityController,
    GoogleController,
    AdminUsersController,
    BillingWebhookController,
  ],
  providers: [
    AccountSessions,
    StaffDirectory,
    VerificationMail,
    AuthRateLimiter,
    AuthRateLimitGuard,
    GoogleAuthGuard,
    AdminBootstrap,
    AuditorBootstrap,
    SignupGate,
    {
      provide: UserOperations,
      useFactory: (runner: StreamRunner, ids: Ids, emails: EmailStreamNames) =>
        new UserOperations({ runner, ids, emails }),
      inject: [StreamRunner, IDS, EmailStreamNames],
    },
    {
      provide: UserDirectory,
      useFactory: (readModels: ReadModelStore, runner: StreamRunner, clock: Clock) =>
        new UserDirectory({ readModels, runner, clock }),
      inject: [READ_MODELS, StreamRunner, CLOCK],
    },
    { provide: PASSWORD_HASHER, useValue: new Argon2PasswordHasher() },
    { provide: MAILER, useFactory: (config: AppConfig) => createMailer(config), inject: [APP_CONFIG] },
    {
      provide: PAYMENT_PROVIDER,
      useFactory: (config: AppConfig) => createPaymentProvider(config),
      inject: [APP_CONFIG],
    },
    {
      // Registering the strategy with passport is a side effect of constructing it, so only when configured.
      provide: GoogleStrategy,
      useFactory: (config: AppConfig) => (googleConfigured(config) ? new GoogleStrategy(config) : null),
      inject: [APP_CONFIG],
    },
    SendVerificationCodeHandler,
    VerifyEmailCodeHandler,
    RegisterUserHandler,
    PasswordSignInHandler,
    GoogleSignInHandler,
    RequestPasswordResetHandler,
    ValidateResetTokenHandler,
    ResetPasswordHandler,
    GetUserHandler,
    CheckUserExistsHandler,
    UpdateProfileHandler,
    SetPlanHandler,
    ChoosePlanHandler,
    OpenBillingPortalHandler,
    ApplyBillingNoticeHandler,
    AdminSignInHandler,
    UpsertAdminHandler,
    AuditorSignInHandler,
    UpsertAuditorHandler,
    ChangePasswordHandler,
    ListSessionsHandler,
    RevokeSessionHandler,
    ...adminUsersCommandHandlers,
  ],
  exports: [VerificationMail, PASSWORD_HASHER, MAILER, StaffDirectory],
})
export class AccountsModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly projections: Projections,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    private readonly sessions: SessionStore,
  ) {}

  onModuleInit(): void {
    this.projections.register(usersProjection, adminsProjection, invitationsProjection, auditorsProjection);
    this.projections.registerReactors(
      billingEmailsReactor({
        runner: this.background,
        mailer: this.mailer,
        accountUrl: `${this.config.SCRIVO_PUBLIC_URL}/account`,
        logger: this.logger,
      }),
      minutesGrantsReactor({ runner: this.background }),
      suspendedSessionsReactor({ runner: this.background, sessions: this.sessions }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.mailer.close?.();
  }
}
