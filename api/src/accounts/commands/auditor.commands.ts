import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Ids } from '@scrivo/domain';
import {
  AccountStreams,
  type AuditorCreatedBy,
  EmailStreamNames,
  auditorAccountDecider,
  emailClaimDecider,
  type PasswordHasher,
} from '@scrivo/domain/accounts';
import { type RunContext, StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';
import { PASSWORD_HASHER } from '../tokens';

let dummyHash: Promise<string> | null = null;

const auditorIdByEmail = async (runner: StreamRunner, emails: EmailStreamNames, email: string) =>
  (await runner.state(emailClaimDecider, emails.auditorEmail(email))).ownerId;

export class AuditorSignInCommand extends Command<string | null> {
  constructor(
    readonly username: string,
    readonly password: string,
  ) {
    super();
  }
}

/** Returns the auditor's id, or null for wrong credentials (same answer and similar time for an unknown name). */
@CommandHandler(AuditorSignInCommand)
export class AuditorSignInHandler implements ICommandHandler<AuditorSignInCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly emails: EmailStreamNames,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ username, password }: AuditorSignInCommand): Promise<string | null> {
    const auditorId = await auditorIdByEmail(this.runner, this.emails, username);
    const auditor = auditorId
      ? await this.runner.state(auditorAccountDecider, AccountStreams.auditor(auditorId))
      : null;
    if (!auditorId || !auditor?.passwordHash) {
      dummyHash ??= this.hasher.hash('scrivo-timing-equaliser');
      await this.hasher.verify(await dummyHash, password);
      return null;
    }
    const passwordMatched = await this.hasher.verify(auditor.passwordHash, password);
    await this.runner.run(
      auditorAccountDecider,
      AccountStreams.auditor(auditorId),
      { type: 'RecordAuditorSignIn', passwordMatched, at: this.runner.now() },
      { actor: { kind: 'visitor', id: auditorId } },
    );
    return passwordMatched ? auditorId : null;
  }
}

/**
 * `upsert` (environment, CLI): create the auditor, or set its password when it exists and differs.
 * `create` (an admin in the console): create only; an address already taken is a 409, never a silent reset.
 */
export class UpsertAuditorCommand extends Command<{ auditorId: string; created: boolean }> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly by: AuditorCreatedBy,
    readonly mode: 'upsert' | 'create' = 'upsert',
  ) {
    super();
  }
}

@CommandHandler(UpsertAuditorCommand)
export class UpsertAuditorHandler implements ICommandHandler<UpsertAuditorCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly emails: EmailStreamNames,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email, password, by, mode }: UpsertAuditorCommand) {
    const context: RunContext =
      by.kind === 'admin' ? {} : { actor: { kind: 'system', id: `auditor-${by.kind}` } };
    const at = this.runner.now();
    const existing = await auditorIdByEmail(this.runner, this.emails, email);
    const auditor = existing
      ? await this.runner.state(auditorAccountDecider, AccountStreams.auditor(existing))
      : null;
    // In 'create' mode an existing auditor goes on to CreateAuditor, which refuses it (AUDITOR_EXISTS).
    if (existing && auditor?.exists && mode === 'upsert') {
      if (auditor.passwordHash && (await this.hasher.verify(auditor.passwordHash, password)))
        return { auditorId: existing, created: false };
      await this.runner.run(
        auditorAccountDecider,
        AccountStreams.auditor(existing),
        { type: 'SetAuditorPassword', passwordHash: await this.hasher.hash(password), by, at },
        context,
      );
      return { auditorId: existing, created: false };
    }
    const auditorId = existing ?? this.ids.next();
    await this.runner.run(
      emailClaimDecider,
      this.emails.auditorEmail(email),
      { type: 'ClaimEmail', email, ownerId: auditorId, at },
      context,
    );
    await this.runner.run(
      auditorAccountDecider,
      AccountStreams.auditor(auditorId),
      { type: 'CreateAuditor', auditorId, email, passwordHash: await this.hasher.hash(password), by, at },
      context,
    );
    return { auditorId, created: true };
  }
}
