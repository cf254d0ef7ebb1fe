import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { googleConfigured } from './google.config';

/**
 * Runs the Google strategy when it is configured; otherwise lets the request reach the controller, which sends
 * the browser back to the sign-in page with an explanation. Failures become `req.authError`, not a JSON 401,
 * because this is a browser navigation.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super({ session: false, property: 'googleProfile' });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!googleConfigured(this.config)) return true;
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (error) {
      const req = context.switchToHttp().getRequest<{ authError?: unknown }>();
      req.authError = error;
      return true;
    }
  }

  override handleRequest<TUser>(
    error: unknown,
    user: TUser,
    info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error || !user) {
      const req = context.switchToHttp().getRequest<{ authError?: unknown }>();
      req.authError = error ?? info ?? new Error('Google sign-in was cancelled');
    }
    return user;
  }
}
