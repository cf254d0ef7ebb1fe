import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthenticatedRequest } from '../common/auth/authenticated';
import { UserResolver } from '../common/auth/guards';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** An auditor may still open and close their own session. */
const OWN_SESSION = new Set(['/api/audit/login', '/api/audit/logout']);

/**
 * Auditors change nothing: a request carrying an auditor session that is not a read is refused with a 403 on
 * every route, before the route's own guard (which would otherwise answer 401, as if nobody were signed in).
 * Registered as a global guard, so a route added later is covered without anyone remembering to.
 */
@Injectable()
export class AuditorsReadOnlyGuard implements CanActivate {
  constructor(private readonly resolver: UserResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (SAFE.has(req.method) || OWN_SESSION.has(req.path)) return true;
    if (await this.resolver.resolveAuditor(req))
      throw new ApiError(403, 'AUDITOR_READ_ONLY', 'Auditors can read every history but change nothing.');
    return true;
  }
}
