import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { ChatStreamUpdate } from '@scrivo/contracts';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { AdminGuard } from '../../common/auth/guards';
import { AdminPresence } from '../support/admin-presence';
import { ChatNotifier } from '../support/chat-notifier';
import { VisitorSessions } from '../support/visitor-sessions';

const HEARTBEAT_MS = 20_000;

/** Server-sent events: `ready` once, then `update` per change; a comment line every 20 s keeps proxies open. */
const stream = (
  req: Request,
  res: Response,
  subscribe: (send: (u: ChatStreamUpdate) => void) => () => void,
  onBeat?: () => void,
) => {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.write('retry: 3000\nevent: ready\ndata: {}\n\n');
  const unsubscribe = subscribe((update) => res.write(`event: update\ndata: ${JSON.stringify(update)}\n\n`));
  const beat = setInterval(() => {
    res.write(': ping\n\n');
    onBeat?.();
  }, HEARTBEAT_MS);
  req.on('close', () => {
    clearInterval(beat);
    unsubscribe();
  });
};

@Controller()
export class ChatEventsController {
  constructor(
    private readonly notifier: ChatNotifier,
    private readonly sessions: VisitorSessions,
    private readonly presence: AdminPresence,
  ) {}

  /** EventSource cannot send headers, so the session token comes as `?token=`. */
  @Get('/api/chat/sessions/:sessionId/events')
  async visitor(
    @Param('sessionId') sessionId: string,
    @Query('token') token: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.sessions.owned(sessionId, token);
    stream(req, res, (send) => this.notifier.onSession(sessionId, send));
  }

  /** An open admin pane also counts as the admin being available. */
  @Get('/api/admin/chat/events')
  @UseGuards(AdminGuard)
  admin(@Req() req: AuthenticatedRequest, @Res() res: Response) {
    const adminId = req.admin!.id;
    void this.presence.seen(adminId);
    stream(
      req,
      res,
      (send) => this.notifier.onAny(send),
      () => void this.presence.seen(adminId),
    );
  }
}
