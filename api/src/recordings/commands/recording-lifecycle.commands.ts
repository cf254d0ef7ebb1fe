import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeletedRecording, Recording } from '@scrivo/contracts';
import type { RecordingCommand } from '@scrivo/domain/recordings';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { toRecording } from '../recording-view';
import { RecordingAccess } from '../support/recording-access';

/** Runs one recording command for its owner (the StreamRunner answers once the read model shows it). */
const write = async (
  access: RecordingAccess,
  user: AuthenticatedUser,
  id: string,
  command: RecordingCommand,
): Promise<void> => {
  await access.commands.run(id, command, access.actor(user), access.correlationId());
};

export class RenameRecordingCommand extends Command<Recording> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
    readonly title: string,
  ) {
    super();
  }
}

@CommandHandler(RenameRecordingCommand)
export class RenameRecordingHandler implements ICommandHandler<RenameRecordingCommand> {
  constructor(private readonly access: RecordingAccess) {}

  async execute({ user, id, title }: RenameRecordingCommand): Promise<Recording> {
    await this.access.doc(user, id);
    await write(this.access, user, id, {
      type: 'RenameRecording',
      title,
      now: this.access.commands.now(),
    });
    return toRecording(await this.access.written(id));
  }
}

export class CancelTranscriptionCommand extends Command<Recording> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(CancelTranscriptionCommand)
export class CancelTranscriptionHandler implements ICommandHandler<CancelTranscriptionCommand> {
  constructor(private readonly access: RecordingAccess) {}

  /** The transcription-jobs reactor and the minutes-release workflow cancel the job and give the minutes back. */
  async execute({ user, id }: CancelTranscriptionCommand): Promise<Recording> {
    await this.access.doc(user, id);
    await write(this.access, user, id, { type: 'CancelTranscription', now: this.access.commands.now() });
    return toRecording(await this.access.written(id));
  }
}

export class DeleteRecordingCommand extends Command<DeletedRecording> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteRecordingCommand)
export class DeleteRecordingHandler implements ICommandHandler<DeleteRecordingCommand> {
  constructor(private readonly access: RecordingAccess) {}

  /** A transcription in progress is cancelled by the same command (see the recording decider). */
  async execute({ user, id }: DeleteRecordingCommand): Promise<DeletedRecording> {
    await this.access.doc(user, id);
    await write(this.access, user, id, {
      type: 'DeleteRecording',
      now: this.access.commands.now(),
      graceSeconds: this.access.config.SCRIVO_RESTORE_GRACE_SECONDS,
    });
    const deleted = await this.access.written(id);
    return { id, deletedAt: deleted.deletedAt!, restorableUntil: deleted.restorableUntil! };
  }
}

export class RestoreRecordingCommand extends Command<Recording> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(RestoreRecordingCommand)
export class RestoreRecordingHandler implements ICommandHandler<RestoreRecordingCommand> {
  constructor(private readonly access: RecordingAccess) {}

  async execute({ user, id }: RestoreRecordingCommand): Promise<Recording> {
    await this.access.doc(user, id, { deleted: true });
    await write(this.access, user, id, {
      type: 'RestoreRecording',
      now: this.access.commands.now(),
    });
    return toRecording(await this.access.written(id));
  }
}

export class RetryTranscriptionCommand extends Command<Recording> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

@CommandHandler(RetryTranscriptionCommand)
export class RetryTranscriptionHandler implements ICommandHandler<RetryTranscriptionCommand> {
  constructor(private readonly access: RecordingAccess) {}

  async execute({ user, id }: RetryTranscriptionCommand): Promise<Recording> {
    await this.access.doc(user, id);
    await this.access.commands.requestTranscription(
      id,
      user.plan,
      this.access.actor(user),
      this.access.correlationId(),
    );
    return toRecording(await this.access.written(id));
  }
}

export const lifecycleCommandHandlers = [
  RenameRecordingHandler,
  CancelTranscriptionHandler,
  DeleteRecordingHandler,
  RestoreRecordingHandler,
  RetryTranscriptionHandler,
];
