import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EditTranscriptBody, Transcript } from '@scrivo/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { GetTranscriptHandler, GetTranscriptQuery } from '../queries/recording.queries';
import { toTranscript } from '../recording-view';
import { RecordingAccess } from '../support/recording-access';

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
 * ownership (404) and reading the result back once the projection has it (exports and search use it at once).
 */
@CommandHandler(EditTranscriptCommand)
export class EditTranscriptHandler implements ICommandHandler<EditTranscriptCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly transcripts: GetTranscriptHandler,
  ) {}

  async execute({ user, id, body }: EditTranscriptCommand): Promise<Transcript> {
    await this.access.doc(user, id);
    await this.access.commands.run(
      id,
      {
        type: 'EditTranscript',
        expectedVersion: body.version,
        segments: body.segments ?? [],
        speakers: body.speakers ?? {},
        plan: user.plan,
        now: this.access.commands.now(),
      },
      this.access.actor(user),
      this.access.correlationId(),
    );
    return toTranscript(await this.transcripts.execute(new GetTranscriptQuery(user, id)));
  }
}
