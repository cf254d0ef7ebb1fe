import { Module, type OnModuleInit } from '@nestjs/common';
import { EmbeddedAssistant } from '@scrivo/adapters/assistant/embedded-assistant';
import { HuggingFaceAssistant } from '@scrivo/adapters/assistant/hugging-face-assistant';
import {
  adminPresenceProjection,
  chatSessionsProjection,
  chatSitesProjection,
  userUsageProjection,
} from '@scrivo/domain/chat';
import { Projections } from '../infrastructure/projection-registry';
import { adminChatCommandHandlers } from './commands/admin-chat.commands';
import { visitorChatCommandHandlers } from './commands/visitor-chat.commands';
import { AdminChatController } from './controllers/admin-chat.controller';
import { ChatEventsController } from './controllers/chat-events.controller';
import { VisitorChatController } from './controllers/visitor-chat.controller';
import {
  GetAdminSessionHandler,
  GetVisitorConversationHandler,
  ListAdminSessionsHandler,
} from './queries/chat.queries';
import { AdminPresence } from './support/admin-presence';
import { ASSISTANT, CHAT_CONFIG, type ChatConfig, loadChatConfig } from './support/chat-config';
import { ChatNotifier } from './support/chat-notifier';
import { ChatRateLimiter } from './support/chat-rate-limiter';
import { registerChatErrorCodes } from './support/error-codes';
import { SiteRegistry } from './support/site-registry';
import { UserContextReader } from './support/user-context';
import { VisitorSessions } from './support/visitor-sessions';
import { VisitorTokens } from './support/visitor-tokens';
import { WidgetRoutes } from './support/widget-routes';
import { exemptFromCsrf } from '../common/csrf';

registerChatErrorCodes();
// The widget's calls come from the frame with a session token, not a cookie: CSRF has nothing to protect there.
exemptFromCsrf(/^\/api\/chat\//);

/** Support chat: the widget's calls, the admin queue, live events and the widget files. docs/support-chat.md. */
@Module({
  controllers: [VisitorChatController, AdminChatController, ChatEventsController],
  providers: [
    { provide: CHAT_CONFIG, useFactory: () => loadChatConfig() },
    {
      provide: ASSISTANT,
      useFactory: (config: ChatConfig) =>
        config.SCRIVO_CHAT_ASSISTANT === 'huggingface'
          ? HuggingFaceAssistant.fromContent(config.SCRIVO_CHAT_CONTENT_DIR, {
              token: config.HF_TOKEN!,
              model: config.SCRIVO_CHAT_HF_MODEL,
              ...(config.SCRIVO_CHAT_HF_ENDPOINT ? { endpointUrl: config.SCRIVO_CHAT_HF_ENDPOINT } : {}),
            })
          : EmbeddedAssistant.fromContent(config.SCRIVO_CHAT_CONTENT_DIR),
      inject: [CHAT_CONFIG],
    },
    ChatNotifier,
    ChatRateLimiter,
    AdminPresence,
    UserContextReader,
    VisitorTokens,
    VisitorSessions,
    SiteRegistry,
    WidgetRoutes,
    ...visitorChatCommandHandlers,
    ...adminChatCommandHandlers,
    ListAdminSessionsHandler,
    GetAdminSessionHandler,
    GetVisitorConversationHandler,
  ],
})
export class ChatModule implements OnModuleInit {
  constructor(private readonly projections: Projections) {}

  onModuleInit(): void {
    this.projections.register(
      chatSessionsProjection,
      chatSitesProjection,
      userUsageProjection,
      adminPresenceProjection,
    );
  }
}
