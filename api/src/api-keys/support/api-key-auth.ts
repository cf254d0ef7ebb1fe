import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Clock, RateLimitStore, ReadModelStore } from '@scrivo/domain';
import { API_KEY_USE_RESOLUTION_MS, API_KEYS_COLLECTION, type ApiKeyDoc } from '@scrivo/domain/api-keys';
import type { Response } from 'express';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedRequest, AuthenticatedUser } from '../../common/auth/authenticated';
import { UserResolver } from '../../common/auth/guards';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { CLOCK, RATE_LIMITS, READ_MODELS } from '../../infrastructure/tokens';
import { RecordApiKeyUseCommand } from '../commands/api-key.commands';
import { hashApiKeySecret } from './api-key-secret';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const invalidKey = () =>
  new ApiError(401, 'API_KEY_INVALID', 'This API key is not valid (revoked, mistyped or unknown).');

/**
 * Signs a request in as the owner of the bearer key: a live key of an active user, within its scope and its own
 * rate limit. A bad key is a 401 even when a session cookie came along: the caller asked to be the key.
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    private readonly users: UserResolver,
    private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(req: AuthenticatedRequest, res: Response, secret: string): Promise<AuthenticatedUser> {
    const [key] = await this.readModels
      .collection<ApiKeyDoc>(API_KEYS_COLLECTION)
      .find({ keyHash: hashApiKeySecret(secret) }, { limit: 1 });
    if (!key || key.revokedAt !== null) throw invalidKey();
    const verdict = await this.limits.hit(
      { name: 'api-key', max: this.config.SCRIVO_API_KEY_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
      key.id,
    );
    if (!verdict.allowed) {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      res.setHeader('Retry-After', String(seconds));
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `This API key made too many requests. Try again in ${seconds} seconds.`,
        { retryAfterSeconds: seconds },
      );
    }
    if (!SAFE.has(req.method) && !key.scopes.includes('write'))
      throw new ApiError(
        403,
        'API_KEY_SCOPE',
        'This API key can only read. Create a key with the write scope.',
      );
    const user = await this.users.actAs(req, key.userId);
    if (!user) throw invalidKey();
    const now = this.clock.now();
    if (key.lastUsedAt === null || now.getTime() - Date.parse(key.lastUsedAt) >= API_KEY_USE_RESOLUTION_MS)
      await this.commands.execute(new RecordApiKeyUseCommand(key.id));
    return user;
  }
}
