import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';

export const NO_INDEX = 'noindex, nofollow, noarchive';

/**
 * Shared pages must stay out of search engines: every answer of the visitor's routes carries X-Robots-Tag, set
 * before the handler runs so error answers (404, 410, 401) carry it too.
 */
@Injectable()
export class NoIndex implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('X-Robots-Tag', NO_INDEX);
    res.setHeader('Referrer-Policy', 'no-referrer');
    return next.handle();
  }
}
