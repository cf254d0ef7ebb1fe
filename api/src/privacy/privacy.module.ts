import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Ids, ReadModelStore } from '@scrivo/domain';
import { AccountsModule } from '../accounts/accounts.module';
import { AccountSessions } from '../accounts/support/sessions';
import { AuthRateLimiter } from '../accounts/support/rate-limit';
import { registerErrorStatus } from '../common/api-error';
import { SessionStore } from '../common/auth/session-store';
import { Projections } from '../infrastructure/projection-registry';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { BACKGROUND_STREAM_RUNNER, IDS, READ_MODELS } from '../infrastructure/tokens';
import { RecordingCommands } from '../recordings/recording-commands';
import { ownerWeeklyAnchorLookup } from '../recordings/support/owner-plan';
import { accountErasureReactor } from './account-erasure.reactor';
import { DeleteAccountHandler } from './delete-account.command';
import { PrivacyController } from './privacy.controller';

registerErrorStatus('SUBSCRIPTION_ACTIVE', 409);

/** A person's own data: erasing the account (docs/security.md, "Your data"). */
@Module({
  imports: [AccountsModule],
  controllers: [PrivacyController],
  providers: [DeleteAccountHandler, AccountSessions, AuthRateLimiter],
})
export class PrivacyModule implements OnModuleInit {
  constructor(
    private readonly projections: Projections,
    private readonly sessions: SessionStore,
    @Inject(BACKGROUND_STREAM_RUNNER) private readonly background: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  onModuleInit(): void {
    // Reactions write through the background runner: they must not wait for the reactors (themselves).
    this.projections.registerReactors(
      accountErasureReactor({
        runner: this.background,
        recordings: new RecordingCommands({
          runner: this.background,
          ids: this.ids,
          weeklyAnchorOf: ownerWeeklyAnchorLookup(this.readModels),
        }),
        sessions: this.sessions,
        readModels: this.readModels,
        readModelsInclude: (position) => this.projections.readModelsInclude(position),
      }),
    );
  }
}
