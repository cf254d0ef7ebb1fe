import { type RunContext, StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';
import { Inject } from '@nestjs/common';
import type { Ids } from '@scrivo/domain';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AccountStreams,
  type PasswordHasher,
  emailClaimDecider,
  adminAccountDecider,
  EmailStreamNames,
} from '@scrivo/domain/accounts';

import { adminIdByEmail } from '../support/account-lookups';
import { PASSWORD_HASHER } from '../tokens';

let dummyHash: Promise<string> | null = null;

export class AdminSignInCommand extends Command<string | null> {
  constructor(
    readonly username: string,
    readonly password: string,
  ) {
    super();
  }
}

/** Returns the admin's id, or null for wrong credentials (same answer and similar time for an unknown name). */
@CommandHandler(AdminSignInCommand)
export class AdminSignInHandler implements ICommandHandler<AdminSignInCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    private readonly runner: StreamRunner,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ username, password }: AdminSignInCommand): Promise<string | null> {
    const adminId = await adminIdByEmail(this.runner, this.emails, username);
    const admin = adminId
      ? await this.runner.state(adminAccountDecider, AccountStreams.admin(adminId))
      : null;
    if (!adminId || !admin?.passwordHash) {
      dummyHash ??= this.hasher.hash('scrivo-timing-equaliser');
      await this.hasher.verify(await dummyHash, password);
      return null;
    }
    const passwordMatched = await this.hasher.verify(admin.passwordHash, password);
    await this.runner.run(
      adminAccountDecider,
      AccountStreams.admin(adminId),
      { type: 'RecordAdminSignIn', passwordMatched, at: this.runner.now() },
      { actor: { kind: 'visitor', id: adminId } },
    );
    if (!passwordMatched) return null;
    return adminId;
  }
}

export class UpsertAdminCommand extends Command<{ adminId: string; created: boolean }> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly by: 'environment' | 'cli',
  ) {
    super();
  }
}

/** Creates the admin, or sets its password when it exists and the password differs. */
@CommandHandler(UpsertAdminCommand)
export class UpsertAdminHandler implements ICommandHandler<UpsertAdminCommand> {
  constructor(
    private readonly emails: EmailStreamNames,
    @Inject(IDS) private readonly ids: Ids,
    private readonly runner: StreamRunner,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email, password, by }: UpsertAdminCommand): Promise<{ adminId: string; created: boolean }> {
    const context: RunContext = { actor: { kind: 'system', id: `admin-${by}` } };
    const at = this.runner.now();
    const existing = await adminIdByEmail(this.runner, this.emails, email);
    const admin = existing
      ? await this.runner.state(adminAccountDecider, AccountStreams.admin(existing))
      : null;
    if (existing && admin?.exists) {
      if (admin.passwordHash && (await this.hasher.verify(admin.passwordHash, password)))
        return { adminId: existing, created: false };
      await this.runner.run(
        adminAccountDecider,
        AccountStreams.admin(existing),
        { type: 'SetAdminPassword', passwordHash: await this.hasher.hash(password), by, at },
        context,
      );
      return { adminId: existing, created: false };
    }
    const adminId = existing ?? this.ids.next();
    await this.runner.run(
      emailClaimDecider,
      this.emails.adminEmail(email),
      { type: 'ClaimEmail', email, ownerId: adminId, at },
      context,
    );
    await this.runner.run(
      adminAccountDecider,
      AccountStreams.admin(adminId),
      { type: 'CreateAdmin', adminId, email, passwordHash: await this.hasher.hash(password), by, at },
      context,
    );
    return { adminId, created: true };
  }
}
