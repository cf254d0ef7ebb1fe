import { Module, type OnModuleInit } from '@nestjs/common';
import { shareLinksProjection } from '@scrivo/domain/share-links';
import { AccountsModule } from '../accounts/accounts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { registerErrorStatus } from '../common/api-error';
import { Projections } from '../infrastructure/projection-registry';
import { RecordingsModule } from '../recordings/recordings.module';
import { shareLinkCommandHandlers } from './commands/share-link.commands';
import { shareLinkQueryHandlers } from './queries/share-link.queries';
import { ShareLinksController } from './share-links.controller';
import { SharedController } from './shared.controller';
import { SharedAccess } from './support/shared-access';
import { ShareUnlockLimiter } from './support/unlock-rate-limit';

// The link was there but no longer opens (revoked, expired, recording deleted): Gone, not Not Found.
registerErrorStatus('SHARE_LINK_GONE', 410);
registerErrorStatus('SHARE_LINK_EXISTS', 409);

@Module({
  imports: [RecordingsModule, AccountsModule, ApiKeysModule],
  controllers: [ShareLinksController, SharedController],
  providers: [SharedAccess, ShareUnlockLimiter, ...shareLinkCommandHandlers, ...shareLinkQueryHandlers],
})
export class ShareLinksModule implements OnModuleInit {
  constructor(private readonly projections: Projections) {}

  onModuleInit(): void {
    this.projections.register(shareLinksProjection);
  }
}
