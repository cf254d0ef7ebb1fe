import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyAuthenticator } from '../../api-keys/support/api-key-auth';
import { ApiError } from '../../common/api-error';
import { apiKeyOf } from '../../common/auth/api-key-header';
import type { AuthenticatedRequest } from '../../common/auth/authenticated';

/**
 * The OpenAI-compatible endpoint signs in with an API key only, never the session cookie: OpenAI clients always
 * send a bearer key, and a route no cookie can authorise gives a forged cross-site request nothing to ride on.
 */
@Injectable()
export class ApiKeyOnlyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeyAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<AuthenticatedRequest>();
    const secret = apiKeyOf(req);
    if (secret === undefined)
      throw req.headers.authorization
        ? new ApiError(
            401,
            'API_KEY_INVALID',
            'Incorrect API key provided: use a Scrivo API key (sk_scrivo_...) from Account > Developer.',
          )
        : new ApiError(
            401,
            'UNAUTHORIZED',
            'Missing API key: send "Authorization: Bearer sk_scrivo_..." (create one under Account > Developer).',
          );
    await this.keys.authenticate(req, http.getResponse<Response>(), secret);
    return true;
  }
}
