import { Module, type OnModuleInit } from '@nestjs/common';
import { apiKeysProjection } from '@scrivo/domain/api-keys';
import { registerErrorStatus } from '../common/api-error';
import { Projections } from '../infrastructure/projection-registry';
import { ApiKeysController } from './api-keys.controller';
import { apiKeyCommandHandlers } from './commands/api-key.commands';
import { ListApiKeysHandler } from './queries/api-key.queries';
import { ApiKeyAuthenticator } from './support/api-key-auth';
import { UserOrApiKeyGuard } from './support/user-or-api-key.guard';

registerErrorStatus('API_KEY_REVOKED', 401);
registerErrorStatus('API_KEY_EXISTS', 409);

/** API keys: the Developer section's routes, and the bearer sign-in the recordings API uses. */
@Module({
  controllers: [ApiKeysController],
  providers: [...apiKeyCommandHandlers, ListApiKeysHandler, ApiKeyAuthenticator, UserOrApiKeyGuard],
  exports: [ApiKeyAuthenticator, UserOrApiKeyGuard],
})
export class ApiKeysModule implements OnModuleInit {
  constructor(private readonly projections: Projections) {}

  onModuleInit(): void {
    this.projections.register(apiKeysProjection);
  }
}
