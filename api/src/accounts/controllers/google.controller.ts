import { Controller, Get, Inject, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { DomainError } from '@scrivo/domain';
import type { PaymentProvider } from '@scrivo/domain/accounts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request, Response } from 'express';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { GoogleSignInCommand, type GoogleProfile } from '../commands/sign-in.commands';
import { GoogleAuthGuard } from '../google/google-auth.guard';
import { googleConfigured } from '../google/google.config';
import { AccountSessions } from '../support/sessions';
import { PAYMENT_PROVIDER } from '../tokens';

type GoogleRequest = Request & { googleProfile?: GoogleProfile; authError?: unknown };

const back = (res: Response, reason: string) =>
  res.redirect(302, `/signin?error=${encodeURIComponent(reason)}`);

/** Browser navigations: /api/auth/google starts the OAuth dance, the callback signs in and redirects. */
@Controller()
export class GoogleController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: AccountSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
  ) {}

  @TsRestHandler(contract.accounts.authProviders)
  providers() {
    return tsRestHandler(contract.accounts.authProviders, async () => ({
      status: 200 as const,
      body: {
        google: googleConfigured(this.config),
        signups: this.config.SCRIVO_SIGNUPS,
        payments: this.payments.name !== 'none',
        supportEmail: this.config.SCRIVO_SUPPORT_EMAIL ?? null,
      },
    }));
  }

  @Get('/api/auth/google')
  @UseGuards(GoogleAuthGuard)
  start(@Req() req: GoogleRequest, @Res() res: Response) {
    // With Google configured the guard has already redirected to Google; we get here only when it is not.
    if (!googleConfigured(this.config)) return back(res, 'google_not_configured');
    if (req.authError) return back(res, 'google_failed');
    return back(res, 'google_failed');
  }

  @Get('/api/auth/google/callback')
  @UseGuards(GoogleAuthGuard)
  async callback(@Req() req: GoogleRequest, @Res() res: Response) {
    if (!googleConfigured(this.config)) return back(res, 'google_not_configured');
    if (req.authError || !req.googleProfile) {
      this.logger.warn({ err: req.authError }, 'Google sign-in failed');
      return back(res, 'google_failed');
    }
    try {
      const { userId, isNew } = await this.commands.execute(new GoogleSignInCommand(req.googleProfile));
      await this.sessions.start(req, res, 'user', userId);
      return res.redirect(302, isNew ? '/plan-selection' : '/dashboard');
    } catch (error) {
      if (error instanceof DomainError) return back(res, error.code.toLowerCase());
      throw error;
    }
  }
}
