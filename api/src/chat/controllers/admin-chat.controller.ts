import { Controller, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { AdminGuard } from '../../common/auth/guards';
import {
  CloseChatCommand,
  MarkChatReadCommand,
  RegisterChatSiteCommand,
  RespondToChatCommand,
  RotateChatSiteSecretCommand,
} from '../commands/admin-chat.commands';
import { GetAdminSessionQuery, ListAdminSessionsQuery } from '../queries/chat.queries';
import { AdminPresence } from '../support/admin-presence';
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
    private readonly sites: SiteRegistry,
  ) {}

  private admin(req: AuthenticatedRequest) {
    const admin = req.admin!;
    void this.presence.seen(admin.id);
    return admin;
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
      const before = await this.queries.execute(new GetAdminSessionQuery(params.sessionId));
      await this.commands.execute(new MarkChatReadCommand(admin.id, params.sessionId));
      return { status: 200 as const, body: before };
    });
  }

  @TsRestHandler(c.respond)
  respond(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.respond, async ({ params, body }) => {
      const admin = this.admin(req);
      const answer = await this.commands.execute(
        new RespondToChatCommand(admin.id, params.sessionId, body.content, body.markResolved),
      );
      return { status: 200 as const, body: answer };
    });
  }

  @TsRestHandler(c.close)
  close(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.close, async ({ params }) => {
      const admin = this.admin(req);
      const answer = await this.commands.execute(new CloseChatCommand(admin.id, params.sessionId));
      return { status: 200 as const, body: answer };
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
      return {
        status: 201 as const,
        body: await this.commands.execute(new RegisterChatSiteCommand(admin.id, body)),
      };
    });
  }

  @TsRestHandler(c.rotateSiteSecret)
  rotateSiteSecret(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.rotateSiteSecret, async ({ params }) => {
      const admin = this.admin(req);
      const rotated = await this.commands.execute(new RotateChatSiteSecretCommand(admin.id, params.siteKey));
      return { status: 200 as const, body: rotated };
    });
  }
}
