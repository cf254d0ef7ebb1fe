import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';
import { UserResolver } from '../../common/auth/guards';
import { ApiKeyAuthenticator } from './api-key-auth';
import { apiKeyOf } from '../../common/auth/api-key-header';

/**
 * The recordings API's guard: `Authorization: Bearer sk_scrivo_...` signs in as the key's owner; without one,
 * the session cookie as everywhere else. (CSRF is the middleware's business: see common/csrf.ts.)
 */
@Injectable()
export class UserOrApiKeyGuard implements CanActivate {
  constructor(
    private readonly users: UserResolver,
    private readonly keys: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const secret = apiKeyOf(req);
    if (secret !== undefined) {
      await this.keys.authenticate(req, context.switchToHttp().getResponse<Response>(), secret);
      return true;
    }
    if (!(await this.users.resolve(req)))
      throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
    return true;
  }
}
