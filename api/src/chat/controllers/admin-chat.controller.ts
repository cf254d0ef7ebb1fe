import { Controller, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { NotFoundError } from '@scrivo/domain';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { randomBytes } from 'node:crypto';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { AdminGuard } from '../../common/auth/guards';
import { RunChatCommand } from '../commands/chat.commands';
import { GetAdminSessionQuery, ListAdminSessionsQuery } from '../queries/chat.queries';
import { AdminPresence } from '../support/admin-presence';
import { ChatStreamsService } from '../support/chat-streams';
import { SiteRegistry } from '../support/site-registry';

const c = contract.adminChat;

/** The admin queue of spec section 7. Every call counts as the admin being around (see AdminPresence). */
@Controller()
@UseGuards(AdminGuard)
export class AdminChatController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly presence: AdminPresence,
    private readonly streams: ChatStreamsService,
    private readonly sites: SiteRegistry,
  ) {}

  private admin(req: AuthenticatedRequest) {
    const admin = req.admin!;
    void this.presence.seen();
    return { id: admin.id, actor: { kind: 'admin' as const, id: admin.id } };
  }

  private detail(sessionId: string) {
    return this.queries.execute(new GetAdminSessionQuery(sessionId));
  }

  @TsRestHandler(c.listSessions)
  list(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.listSessions, async ({ query }) => {
      this.admin(req);
      const body = await this.queries.execute(
        new ListAdminSessionsQuery(query.page, query.limit, query.status, query.search),
      );
      return { status: 200 as const, body };
    });
  }

  @TsRestHandler(c.getSession)
  get(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.getSession, async ({ params }) => {
      const admin = this.admin(req);
      const before = await this.detail(params.sessionId);
      await this.commands.execute(
        new RunChatCommand(
          params.sessionId,
          { type: 'MarkReadByAdmin', adminId: admin.id, at: this.streams.now() },
          admin.actor,
        ),
      );
      return { status: 200 as const, body: before };
    });
  }

  @TsRestHandler(c.respond)
  respond(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.respond, async ({ params, body }) => {
      const admin = this.admin(req);
      await this.detail(params.sessionId);
      const messageId = this.streams.ids.next();
      await this.commands.execute(
        new RunChatCommand(
          params.sessionId,
          {
            type: 'AdminRespond',
            messageId,
            adminId: admin.id,
            content: body.content,
            markResolved: body.markResolved,
            at: this.streams.now(),
          },
          admin.actor,
        ),
      );
      const detail = await this.detail(params.sessionId);
      const message = detail.messages.find((m) => m.id === messageId);
      if (!message) throw new NotFoundError('Chat message', messageId);
      return { status: 200 as const, body: { success: true as const, message, session: detail.session } };
    });
  }

  @TsRestHandler(c.close)
  close(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.close, async ({ params }) => {
      const admin = this.admin(req);
      await this.detail(params.sessionId);
      await this.commands.execute(
        new RunChatCommand(
          params.sessionId,
          { type: 'CloseChat', adminId: admin.id, at: this.streams.now() },
          admin.actor,
        ),
      );
      return {
        status: 200 as const,
        body: { success: true as const, session: (await this.detail(params.sessionId)).session },
      };
    });
  }

  @TsRestHandler(c.listSites)
  listSites() {
    return tsRestHandler(c.listSites, async () => ({
      status: 200 as const,
      body: {
        // The secret was shown when it was made; a lost one is replaced (rotateSiteSecret), never shown again.
        sites: (await this.sites.list()).map((s) => ({
          siteKey: s.siteKey,
          name: s.name,
          allowedOrigins: [...s.allowedOrigins],
          identitySecretEndsWith: s.identitySecret.slice(-4),
          registeredAt: s.registeredAt,
        })),
      },
    }));
  }

  @TsRestHandler(c.createSite)
  createSite(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.createSite, async ({ body }) => {
      const admin = this.admin(req);
      const siteKey = body.siteKey ?? `site_${randomBytes(9).toString('base64url')}`;
      await this.streams.site(
        siteKey,
        {
          type: 'RegisterSite',
          siteKey,
          name: body.name,
          allowedOrigins: body.allowedOrigins,
          identitySecret: body.identitySecret ?? randomBytes(32).toString('base64url'),
          at: this.streams.now(),
        },
        admin.actor,
      );
      const site = await this.sites.get(siteKey);
      if (!site) throw new NotFoundError('Site', siteKey);
      return {
        status: 201 as const,
        body: {
          siteKey,
          name: site.name,
          allowedOrigins: [...site.allowedOrigins],
          identitySecret: site.identitySecret,
          identitySecretEndsWith: site.identitySecret.slice(-4),
          registeredAt: site.registeredAt,
        },
      };
    });
  }

  @TsRestHandler(c.rotateSiteSecret)
  rotateSiteSecret(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.rotateSiteSecret, async ({ params }) => {
      const admin = this.admin(req);
      const site = await this.sites.get(params.siteKey);
      if (!site) throw new NotFoundError('Site', params.siteKey);
      const identitySecret = randomBytes(32).toString('base64url');
      await this.streams.site(
        site.siteKey,
        { type: 'RotateIdentitySecret', identitySecret, at: this.streams.now() },
        admin.actor,
      );
      return { status: 200 as const, body: { siteKey: site.siteKey, identitySecret } };
    });
  }
}
