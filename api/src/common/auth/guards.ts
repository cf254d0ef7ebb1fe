import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { Clock, ReadModelStore } from '@scrivo/domain';
import { ApiError } from '../api-error';
import { requestContext } from '../request-context';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import type {
  AuthenticatedAuditor,
  AuthenticatedRequest,
  AuthenticatedUser,
  UserDocCore,
} from './authenticated';
import { planOf, weeklyAnchorOf } from './plan-of';
import { SESSION_COOKIE, SessionStore } from './session-store';

const cookie = (req: AuthenticatedRequest, name: string): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** Resolves the user session cookie (if any) into req.user. Does not refuse anyone. */
@Injectable()
export class UserResolver {
  constructor(
    private readonly sessions: SessionStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async resolve(req: AuthenticatedRequest): Promise<AuthenticatedUser | null> {
    if (req.user) return req.user;
    const session = await this.sessions.resolve('user', cookie(req, SESSION_COOKIE.user));
    if (!session) return null;
    return this.actAs(req, session.subjectId);
  }

  /**
   * Makes the request act as this user (a session, or an API key of theirs). Read per request, so an operator's
   * change (plan, suspension) applies at once to sessions and keys already in use.
   */
  async actAs(req: AuthenticatedRequest, userId: string): Promise<AuthenticatedUser | null> {
    const user = await this.user(userId);
    if (!user) return null;
    req.user = user;
    const ctx = requestContext.getStore();
    if (ctx) ctx.actor = { kind: 'user', id: user.id };
    return req.user;
  }

  /**
   * The user a session cookie value signs in, outside an HTTP request (the live-recording WebSocket reads the
   * cookie from its upgrade request).
   */
  async fromSessionCookie(value: string | undefined): Promise<AuthenticatedUser | null> {
    const session = await this.sessions.resolve('user', value);
    return session ? this.user(session.subjectId) : null;
  }

  private async user(userId: string): Promise<AuthenticatedUser | null> {
    const doc = await this.readModels.collection<UserDocCore>('users').get(userId);
    if (!doc || doc.suspended) return null;
    return {
      id: doc.id,
      email: doc.email,
      plan: planOf(doc, this.clock.now()),
      language: doc.language ?? 'en',
      weeklyAnchor: weeklyAnchorOf(doc, this.clock.now()),
    };
  }

  async resolveAdmin(req: AuthenticatedRequest) {
    if (req.admin) return req.admin;
    const session = await this.sessions.resolve('admin', cookie(req, SESSION_COOKIE.admin));
    if (!session) return null;
    const doc = await this.readModels
      .collection<{ id: string; email: string }>('admins')
      .get(session.subjectId);
    if (!doc) return null;
    req.admin = { id: doc.id, email: doc.email };
    const ctx = requestContext.getStore();
    if (ctx) ctx.actor = { kind: 'admin', id: doc.id };
    return req.admin;
  }

  async resolveAuditor(req: AuthenticatedRequest): Promise<AuthenticatedAuditor | null> {
    if (req.auditor) return req.auditor;
    const session = await this.sessions.resolve('auditor', cookie(req, SESSION_COOKIE.auditor));
    if (!session) return null;
    const doc = await this.readModels
      .collection<{ id: string; email: string }>('auditors')
      .get(session.subjectId);
    if (!doc) return null;
    req.auditor = { id: doc.id, email: doc.email };
    const ctx = requestContext.getStore();
    if (ctx) ctx.actor = { kind: 'auditor', id: doc.id };
    return req.auditor;
  }
}

/** 401 without a valid user session. */
@Injectable()
export class UserGuard implements CanActivate {
  constructor(private readonly resolver: UserResolver) {}
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = await this.resolver.resolve(context.switchToHttp().getRequest<AuthenticatedRequest>());
    if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
    return true;
  }
}

/** Resolves the user when there is one, lets anonymous callers through. */
@Injectable()
export class OptionalUserGuard implements CanActivate {
  constructor(private readonly resolver: UserResolver) {}
  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.resolver.resolve(context.switchToHttp().getRequest<AuthenticatedRequest>());
    return true;
  }
}

/** 401 for anonymous callers, 403 for signed-in users who are not admins. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly resolver: UserResolver) {}
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (await this.resolver.resolveAdmin(req)) return true;
    if ((await this.resolver.resolve(req)) || (await this.resolver.resolveAuditor(req)))
      throw new ApiError(403, 'FORBIDDEN', 'This area is for administrators only.');
    throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in as an administrator.');
  }
}

/**
 * 401 for anonymous callers, 403 for users and admins: replaying everyone's history is the auditors' role alone,
 * and every one of their reads is recorded.
 */
@Injectable()
export class AuditorGuard implements CanActivate {
  constructor(private readonly resolver: UserResolver) {}
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (await this.resolver.resolveAuditor(req)) return true;
    if ((await this.resolver.resolveAdmin(req)) || (await this.resolver.resolve(req)))
      throw new ApiError(403, 'FORBIDDEN', 'This area is for auditors only.');
    throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in as an auditor.');
  }
}

export const CurrentAuditor = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedAuditor => {
    const auditor = context.switchToHttp().getRequest<AuthenticatedRequest>().auditor;
    if (!auditor) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in as an auditor.');
    return auditor;
  },
);

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser => {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
    return user;
  },
);

export const CurrentAdmin = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const admin = context.switchToHttp().getRequest<AuthenticatedRequest>().admin;
  if (!admin) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in as an administrator.');
  return admin;
});
