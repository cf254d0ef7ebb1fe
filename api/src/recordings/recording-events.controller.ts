import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { RecordingFeed } from './recording-feed';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';

/** GET /api/recordings/events: server-sent events (registered before /api/recordings/:id). */
@Controller()
// The recordings API: the session, or an API key as a bearer token (docs/api-keys.md).
@UseGuards(UserOrApiKeyGuard)
export class RecordingEventsController {
  constructor(private readonly feed: RecordingFeed) {}

  @Get('api/recordings/events')
  stream(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res() res: Response) {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    const send = (type: string, data: object) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    res.write('retry: 3000\n\n');
    send('ready', {});
    const stop = this.feed.listen(user.id, (message) => {
      const { type, ...data } = message;
      send(type, data);
    });
    const ping = setInterval(() => res.write(': ping\n\n'), 20_000);
    req.on('close', () => {
      clearInterval(ping);
      stop();
    });
  }
}
