import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { registerErrorStatus } from '../common/api-error';
import { RecordingsModule } from '../recordings/recordings.module';
import { summaryCommandHandlers } from './commands/summary.commands';
import { summaryQueryHandlers } from './queries/summary.queries';
import { summarySettingsHandlers } from './commands/summary-settings.commands';
import { SummariesController } from './summaries.controller';
import { SummaryAccess } from './support/summary-access';
import { SummaryTemplatesController } from './templates/summary-templates.controller';

registerErrorStatus('SUMMARY_STATE_CONFLICT', 409);
registerErrorStatus('SUMMARY_VERSION_CONFLICT', 409);
registerErrorStatus('TEMPLATE_BUILT_IN', 409);

@Module({
  imports: [RecordingsModule, ApiKeysModule],
  controllers: [SummariesController, SummaryTemplatesController],
  providers: [SummaryAccess, ...summaryCommandHandlers, ...summaryQueryHandlers, ...summarySettingsHandlers],
  exports: [SummaryAccess],
})
export class SummariesModule {}
