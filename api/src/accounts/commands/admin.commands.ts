import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountStreams, type PasswordHasher } from '@scrivo/domain/accounts';
import { Projections } from '../../infrastructure/projection-registry';
import { AccountStreamsService } from '../support/account-streams';
import { PASSWORD_HASHER } from '../tokens';

let dummyHash: Promise<string> | null = null;

export class AdminSignInCommand {
  constructor(
    readonly username: string,
    readonly password: string,
  ) {}
}

/** Returns the admin's id, or null for wrong credentials (same answer and similar time for an unknown name). */
@CommandHandler(AdminSignInCommand)
export class AdminSignInHandler implements ICommandHandler<AdminSignInCommand, string | null> {
  constructor(
    private readonly streams: AccountStreamsService,
    private readonly projections: Projections,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ username, password }: AdminSignInCommand): Promise<string | null> {
    const adminId = await this.streams.adminIdByEmail(username);
    const admin = adminId ? (await this.streams.admins.load(AccountStreams.admin(adminId))).state : null;
    if (!adminId || !admin?.passwordHash) {
      dummyHash ??= this.hasher.hash('scrivo-timing-equaliser');
      await this.hasher.verify(await dummyHash, password);
      return null;
    }
    const passwordMatched = await this.hasher.verify(admin.passwordHash, password);
    const result = await this.streams.admins.handle(
      AccountStreams.admin(adminId),
      { type: 'RecordAdminSignIn', passwordMatched, at: this.streams.now() },
      this.streams.context({ kind: 'visitor', id: adminId }),
    );
    if (!passwordMatched) return null;
    await this.projections.waitFor(result.lastPosition);
    return adminId;
  }
}

export class UpsertAdminCommand {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly by: 'environment' | 'cli',
  ) {}
}

/** Creates the admin, or sets its password when it exists and the password differs. */
@CommandHandler(UpsertAdminCommand)
export class UpsertAdminHandler implements ICommandHandler<
  UpsertAdminCommand,
  { adminId: string; created: boolean }
> {
  constructor(
    private readonly streams: AccountStreamsService,
    private readonly projections: Projections,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email, password, by }: UpsertAdminCommand): Promise<{ adminId: string; created: boolean }> {
    const context = this.streams.context({ kind: 'system', id: `admin-${by}` });
    const at = this.streams.now();
    const existing = await this.streams.adminIdByEmail(email);
    const admin = existing ? (await this.streams.admins.load(AccountStreams.admin(existing))).state : null;
    if (existing && admin?.exists) {
      if (admin.passwordHash && (await this.hasher.verify(admin.passwordHash, password)))
        return { adminId: existing, created: false };
      const result = await this.streams.admins.handle(
        AccountStreams.admin(existing),
        { type: 'SetAdminPassword', passwordHash: await this.hasher.hash(password), by, at },
        context,
      );
      await this.projections.waitFor(result.lastPosition);
      return { adminId: existing, created: false };
    }
    const adminId = existing ?? this.streams.ids.next();
    await this.streams.claims.handle(
      AccountStreams.adminEmail(email),
      { type: 'ClaimEmail', email, ownerId: adminId, at },
      context,
    );
    const result = await this.streams.admins.handle(
      AccountStreams.admin(adminId),
      { type: 'CreateAdmin', adminId, email, passwordHash: await this.hasher.hash(password), by, at },
      context,
    );
    await this.projections.waitFor(result.lastPosition);
    return { adminId, created: true };
  }
}
