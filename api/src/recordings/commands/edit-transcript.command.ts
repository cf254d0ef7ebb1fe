import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EditTranscriptBody, RestructureTranscriptBody, Transcript } from '@scrivo/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { NotFoundError, type ReadModelStore } from '@scrivo/domain';
import {
  type RecordingCommand,
  recordingDecider,
  recordingStream,
  transcriptDocFrom,
} from '@scrivo/domain/recordings';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { transcriptView } from '../support/transcript-view';
import { READ_MODELS } from '../../infrastructure/tokens';
import { RecordingAccess } from '../support/recording-access';

/** Ownership (404), the decider's write, and the transcript folded from the stream it wrote. */
const writeTranscript = async (
  {
    access,
    runner,
    readModels,
  }: { access: RecordingAccess; runner: StreamRunner; readModels: ReadModelStore },
  user: AuthenticatedUser,
  id: string,
  command: RecordingCommand,
): Promise<Transcript> => {
  await access.owned(user, id, 'edit');
  await runner.run(recordingDecider, recordingStream(id), command, { actor: access.actor(user) });
  const transcript = transcriptDocFrom((await runner.load(recordingDecider, recordingStream(id))).events);
  if (!transcript) throw new NotFoundError('Transcript', id);
  return transcriptView(readModels, transcript);
};

export class EditTranscriptCommand extends Command<Transcript> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
    readonly body: EditTranscriptBody,
  ) {
    super();
  }
}

/**
 * The transcript editor's save. The plan, state and version rules are the recording decider's; here only
 * ownership (404). It answers with the transcript folded from the stream it wrote; the StreamRunner has already
 * waited for the read models, so exports and search use the edit at once.
 */
@CommandHandler(EditTranscriptCommand)
export class EditTranscriptHandler implements ICommandHandler<EditTranscriptCommand> {
  constructor(
    readonly access: RecordingAccess,
    readonly runner: StreamRunner,
    @Inject(READ_MODELS) readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, id, body }: EditTranscriptCommand): Promise<Transcript> {
    return writeTranscript(this, user, id, {
      type: 'EditTranscript',
      expectedVersion: body.version,
      segments: body.segments ?? [],
      speakers: body.speakers ?? {},
      plan: user.plan,
      now: this.runner.now(),
    });
  }
}

export class RestructureTranscriptCommand extends Command<Transcript> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
    readonly body: RestructureTranscriptBody,
  ) {
    super();
  }
}

/** Speaker reassignment, merge, split and their undo: a new transcript version through the same decider. */
@CommandHandler(RestructureTranscriptCommand)
export class RestructureTranscriptHandler implements ICommandHandler<RestructureTranscriptCommand> {
  constructor(
    readonly access: RecordingAccess,
    readonly runner: StreamRunner,
    @Inject(READ_MODELS) readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, id, body }: RestructureTranscriptCommand): Promise<Transcript> {
    return writeTranscript(this, user, id, {
      type: 'RestructureTranscript',
      expectedVersion: body.version,
      change: body.change,
      plan: user.plan,
      now: this.runner.now(),
    });
  }
}
