import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';

export const NO_INDEX = 'noindex, nofollow, noarchive';

/**
 * Shared pages must stay out of search engines and caches: every answer of the visitor's routes carries
 * X-Robots-Tag and no-store, set before the handler runs so error answers (404, 410, 401) carry them too.
 */
@Injectable()
export class NoIndex implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('X-Robots-Tag', NO_INDEX);
    res.setHeader('Referrer-Policy', 'no-referrer');
    // A revoked link must stop at once: no cache anywhere may keep answering for it.
    res.setHeader('Cache-Control', 'private, no-store');
    return next.handle();
  }
}
