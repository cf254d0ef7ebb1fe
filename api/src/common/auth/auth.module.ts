import { Global, Module } from '@nestjs/common';
import { AdminGuard, AuditorGuard, OptionalUserGuard, UserGuard, UserResolver } from './guards';
import { SessionStore } from './session-store';

/** Sessions and guards, available to every feature module. */
@Global()
@Module({
  providers: [SessionStore, UserResolver, UserGuard, OptionalUserGuard, AdminGuard, AuditorGuard],
  exports: [SessionStore, UserResolver, UserGuard, OptionalUserGuard, AdminGuard, AuditorGuard],
})
export class AuthModule {}
