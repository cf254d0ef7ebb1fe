import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeletedRecording, Recording } from '@scrivo/contracts';
import { recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { MinutesLedger } from '../minutes-ledger';
import { toRecording } from '../recording-view';
import { RecordingAccess } from '../support/recording-access';

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
  constructor(
    private readonly access: RecordingAccess,
    private readonly runner: StreamRunner,
  ) {}

  /** A transcription in progress is cancelled by the same command (see the recording decider). */
  async execute({ user, id }: DeleteRecordingCommand): Promise<DeletedRecording> {
    await this.access.owned(user, id, 'uploader');
    // The StreamRunner answers once the read models show the deletion.
    await this.runner.run(
      recordingDecider,
      recordingStream(id),
      {
        type: 'DeleteRecording',
        now: this.runner.now(),
        graceSeconds: this.access.config.SCRIVO_RESTORE_GRACE_SECONDS,
      },
      { actor: this.access.actor(user) },
    );
    const deleted = await this.access.written(id);
    return { id, deletedAt: deleted.deletedAt!, restorableUntil: deleted.restorableUntil! };
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
  constructor(
    private readonly access: RecordingAccess,
    private readonly minutes: MinutesLedger,
  ) {}

  async execute({ user, id }: RetryTranscriptionCommand): Promise<Recording> {
    await this.access.owned(user, id, 'uploader');
    await this.minutes.requestTranscription(
      id,
      user.plan,
      this.access.actor(user),
      this.access.correlationId(),
    );
    return toRecording(await this.access.written(id));
  }
}

export const lifecycleCommandHandlers = [DeleteRecordingHandler, RetryTranscriptionHandler];
