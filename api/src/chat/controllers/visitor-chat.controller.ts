import { Controller, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract, CHAT_TOKEN_HEADER } from '@scrivo/contracts';
import { NotFoundError } from '@scrivo/domain';
import type { ChatSessionDoc } from '@scrivo/domain/chat';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { Request } from 'express';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { OptionalUserGuard } from '../../common/auth/guards';
import {
  ChangeVisitorChatCommand,
  PostVisitorMessageCommand,
  StartChatCommand,
  type VisitorChange,
} from '../commands/visitor-chat.commands';
import { GetVisitorConversationQuery } from '../queries/chat.queries';
import { AdminPresence } from '../support/admin-presence';
import { ChatRateLimiter } from '../support/chat-rate-limiter';
import { clientIp } from '../support/request-origin';
import { SiteRegistry } from '../support/site-registry';
import { VisitorSessions } from '../support/visitor-sessions';
import { signIdentity, VisitorTokens } from '../support/visitor-tokens';

const c = contract.chat;

/** The widget's calls. A session is reached only with its token; a wrong token answers 404 like a missing one. */
@Controller()
export class VisitorChatController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly sites: SiteRegistry,
    private readonly tokens: VisitorTokens,
    private readonly limiter: ChatRateLimiter,
    private readonly presence: AdminPresence,
    private readonly sessions: VisitorSessions,
  ) {}

  private owned(sessionId: string, token: string | undefined): Promise<ChatSessionDoc> {
    return this.sessions.owned(sessionId, token);
  }

  private change(doc: ChatSessionDoc, change: VisitorChange) {
    return this.commands.execute(new ChangeVisitorChatCommand(doc, change));
  }

  @TsRestHandler(c.getSite)
  getSite() {
    return tsRestHandler(c.getSite, async ({ params }) => {
      const site = await this.sites.get(params.siteKey);
      if (!site) throw new NotFoundError('Site', params.siteKey);
      return {
        status: 200 as const,
        body: { siteKey: site.siteKey, name: site.name, adminAvailable: await this.presence.available() },
      };
    });
  }

  @TsRestHandler(c.start)
  start(@Req() req: Request) {
    return tsRestHandler(c.start, async ({ body }) => {
      await this.limiter.start(clientIp(req));
      const site = await this.sites.get(body.siteKey);
      if (!site) throw new NotFoundError('Site', body.siteKey);
      if (!this.sites.allows(site, body.hostOrigin))
        throw new ApiError(403, 'ORIGIN_NOT_ALLOWED', 'This website is not allowed to use this chat.');
      const identity = body.identity ? this.sites.verifiedIdentity(site, body.identity) : null;
      const { sessionId, session } = await this.commands.execute(
        new StartChatCommand(site, body.contextPage, identity),
      );
      return { status: 201 as const, body: { token: this.tokens.issue(sessionId), session } };
    });
  }

  @TsRestHandler(c.get)
  get() {
    return tsRestHandler(c.get, async ({ params, headers, query }) => {
      await this.owned(params.sessionId, headers[CHAT_TOKEN_HEADER]);
      const body = await this.queries.execute(new GetVisitorConversationQuery(params.sessionId, query.after));
      return { status: 200 as const, body };
    });
  }

  @TsRestHandler(c.post)
  post(@Req() req: Request) {
    return tsRestHandler(c.post, async ({ params, headers, body }) => {
      const doc = await this.owned(params.sessionId, headers[CHAT_TOKEN_HEADER]);
      await this.limiter.message(clientIp(req), doc.sessionId);
      const conversation = await this.commands.execute(new PostVisitorMessageCommand(doc, body.content));
      return { status: 200 as const, body: conversation };
    });
  }

  @TsRestHandler(c.escalate)
  escalate() {
    return tsRestHandler(c.escalate, async ({ params, headers }) => {
      const doc = await this.owned(params.sessionId, headers[CHAT_TOKEN_HEADER]);
      return { status: 200 as const, body: await this.change(doc, { kind: 'requestHuman' }) };
    });
  }

  @TsRestHandler(c.identify)
  identify() {
    return tsRestHandler(c.identify, async ({ params, headers, body }) => {
      const doc = await this.owned(params.sessionId, headers[CHAT_TOKEN_HEADER]);
      const site = await this.sites.get(doc.siteKey);
      // An unverified identity is ignored, not refused: the visitor simply stays anonymous.
      const identity = site ? this.sites.verifiedIdentity(site, body) : null;
      return { status: 200 as const, body: await this.change(doc, { kind: 'identify', identity }) };
    });
  }

  @TsRestHandler(c.setContextPage)
  setContextPage() {
    return tsRestHandler(c.setContextPage, async ({ params, headers, body }) => {
      const doc = await this.owned(params.sessionId, headers[CHAT_TOKEN_HEADER]);
      const change = { kind: 'contextPage' as const, contextPage: body.contextPage };
      return { status: 200 as const, body: await this.change(doc, change) };
    });
  }

  @TsRestHandler(c.leaveEmail)
  leaveEmail() {
    return tsRestHandler(c.leaveEmail, async ({ params, headers, body }) => {
      const doc = await this.owned(params.sessionId, headers[CHAT_TOKEN_HEADER]);
      return {
        status: 200 as const,
        body: await this.change(doc, { kind: 'leaveEmail', email: body.email }),
      };
    });
  }

  @TsRestHandler(c.rate)
  rate() {
    return tsRestHandler(c.rate, async ({ params, headers, body }) => {
      const doc = await this.owned(params.sessionId, headers[CHAT_TOKEN_HEADER]);
      return { status: 200 as const, body: await this.change(doc, { kind: 'rate', rating: body.rating }) };
    });
  }

  @TsRestHandler(c.myIdentity)
  @UseGuards(OptionalUserGuard)
  myIdentity(@Req() req: AuthenticatedRequest) {
    return tsRestHandler(c.myIdentity, async () => {
      if (!req.user) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
      const site = await this.sites.get(this.sites.defaultSiteKey);
      if (!site) throw new NotFoundError('Site', this.sites.defaultSiteKey);
      return {
        status: 200 as const,
        body: {
          siteKey: site.siteKey,
          userId: req.user.id,
          email: req.user.email,
          signature: signIdentity(site.identitySecret, req.user.id, req.user.email),
        },
      };
    });
  }
}
