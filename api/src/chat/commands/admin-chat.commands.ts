import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatMessage, ChatSession, CreatedChatSite } from '@scrivo/contracts';
import { type Actor, type Ids, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { ChatStreams, chatSessionDecider, chatSiteDecider } from '@scrivo/domain/chat';
import { randomBytes } from 'node:crypto';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { adminSessionDetail, chatSessionDoc } from '../queries/chat.queries';
import { SiteRegistry } from '../support/site-registry';
import { UserContextReader } from '../support/user-context';
import { toSession } from '../support/views';

const adminActor = (adminId: string): Actor => ({ kind: 'admin', id: adminId });

/** The admin opened the session: what the visitor wrote so far counts as read. */
export class MarkChatReadCommand extends Command<void> {
  constructor(
    readonly adminId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}

@CommandHandler(MarkChatReadCommand)
export class MarkChatReadHandler implements ICommandHandler<MarkChatReadCommand> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ adminId, sessionId }: MarkChatReadCommand): Promise<void> {
    await this.runner.run(
      chatSessionDecider,
      ChatStreams.session(sessionId),
      { type: 'MarkReadByAdmin', adminId, at: this.runner.now() },
      { actor: adminActor(adminId) },
    );
  }
}

/** A person answers the visitor (and may mark the chat resolved); answers the message and the session. */
export class RespondToChatCommand extends Command<{
  success: true;
  message: ChatMessage;
  session: ChatSession;
}> {
  constructor(
    readonly adminId: string,
    readonly sessionId: string,
    readonly content: string,
    readonly markResolved: boolean,
  ) {
    super();
  }
}

@CommandHandler(RespondToChatCommand)
export class RespondToChatHandler implements ICommandHandler<RespondToChatCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly users: UserContextReader,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ adminId, sessionId, content, markResolved }: RespondToChatCommand) {
    await chatSessionDoc(this.readModels, sessionId);
    const messageId = this.ids.next();
    await this.runner.run(
      chatSessionDecider,
      ChatStreams.session(sessionId),
      { type: 'AdminRespond', messageId, adminId, content, markResolved, at: this.runner.now() },
      { actor: adminActor(adminId) },
    );
    const detail = await adminSessionDetail(this.readModels, this.users, sessionId);
    const message = detail.messages.find((m) => m.id === messageId);
    if (!message) throw new NotFoundError('Chat message', messageId);
    return { success: true as const, message, session: detail.session };
  }
}

/** A person ends the conversation (it counts as resolved); answers the session. */
export class CloseChatCommand extends Command<{ success: true; session: ChatSession }> {
  constructor(
    readonly adminId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}

@CommandHandler(CloseChatCommand)
export class CloseChatHandler implements ICommandHandler<CloseChatCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ adminId, sessionId }: CloseChatCommand) {
    await chatSessionDoc(this.readModels, sessionId);
    await this.runner.run(
      chatSessionDecider,
      ChatStreams.session(sessionId),
      { type: 'CloseChat', adminId, at: this.runner.now() },
      { actor: adminActor(adminId) },
    );
    return { success: true as const, session: toSession(await chatSessionDoc(this.readModels, sessionId)) };
  }
}

/** Another site may embed the widget; answers the site with its identity secret, shown this once. */
export class RegisterChatSiteCommand extends Command<CreatedChatSite> {
  constructor(
    readonly adminId: string,
    readonly site: {
      readonly siteKey?: string | undefined;
      readonly name: string;
      readonly allowedOrigins: readonly string[];
      readonly identitySecret?: string | undefined;
    },
  ) {
    super();
  }
}

@CommandHandler(RegisterChatSiteCommand)
export class RegisterChatSiteHandler implements ICommandHandler<RegisterChatSiteCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly sites: SiteRegistry,
  ) {}

  async execute({ adminId, site }: RegisterChatSiteCommand): Promise<CreatedChatSite> {
    const siteKey = site.siteKey ?? `site_${randomBytes(9).toString('base64url')}`;
    await this.runner.run(
      chatSiteDecider,
      ChatStreams.site(siteKey),
      {
        type: 'RegisterSite',
        siteKey,
        name: site.name,
        allowedOrigins: site.allowedOrigins,
        identitySecret: site.identitySecret ?? randomBytes(32).toString('base64url'),
        at: this.runner.now(),
      },
      { actor: adminActor(adminId) },
    );
    const doc = await this.sites.get(siteKey);
    if (!doc) throw new NotFoundError('Site', siteKey);
    return {
      siteKey,
      name: doc.name,
      allowedOrigins: [...doc.allowedOrigins],
      identitySecret: doc.identitySecret,
      identitySecretEndsWith: doc.identitySecret.slice(-4),
      registeredAt: doc.registeredAt,
    };
  }
}

/** A new identity secret for a site (the old one stops working at once), shown this once. */
export class RotateChatSiteSecretCommand extends Command<{ siteKey: string; identitySecret: string }> {
  constructor(
    readonly adminId: string,
    readonly siteKey: string,
  ) {
    super();
  }
}

@CommandHandler(RotateChatSiteSecretCommand)
export class RotateChatSiteSecretHandler implements ICommandHandler<RotateChatSiteSecretCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly sites: SiteRegistry,
  ) {}

  async execute({ adminId, siteKey }: RotateChatSiteSecretCommand) {
    const site = await this.sites.get(siteKey);
    if (!site) throw new NotFoundError('Site', siteKey);
    const identitySecret = randomBytes(32).toString('base64url');
    await this.runner.run(
      chatSiteDecider,
      ChatStreams.site(site.siteKey),
      { type: 'RotateIdentitySecret', identitySecret, at: this.runner.now() },
      { actor: adminActor(adminId) },
    );
    return { siteKey: site.siteKey, identitySecret };
  }
}

export const adminChatCommandHandlers = [
  MarkChatReadHandler,
  RespondToChatHandler,
  CloseChatHandler,
  RegisterChatSiteHandler,
  RotateChatSiteSecretHandler,
];
