import { Inject } from '@nestjs/common';
import {
  Command,
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  Query,
  QueryHandler,
} from '@nestjs/cqrs';
import type { AddAnnotationBody, AnnotationList } from '@scrivo/contracts';
import type { Ids, ReadModelStore } from '@scrivo/domain';
import { personName } from '../support/person-name';
import {
  ANNOTATIONS_COLLECTION,
  type AnnotationCommand,
  type AnnotationsDoc,
  recordingDecider,
  recordingStream,
} from '@scrivo/domain/recordings';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { RecordingAccess } from '../support/recording-access';

/** The owner's highlights and comments, with the author's name as their profile has it now. */
export class GetAnnotationsQuery extends Query<AnnotationList> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

/**
 * Notes are the owner's alone: the recording must be the caller's (404 otherwise), and share links never read
 * this collection.
 */
@QueryHandler(GetAnnotationsQuery)
export class GetAnnotationsHandler implements IQueryHandler<GetAnnotationsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly access: RecordingAccess,
  ) {}

  async execute({ user, id }: GetAnnotationsQuery): Promise<AnnotationList> {
    await this.access.owned(user, id, 'read');
    const doc = await this.readModels.collection<AnnotationsDoc>(ANNOTATIONS_COLLECTION).get(id);
    const names = new Map<string, string>();
    for (const authorId of new Set((doc?.items ?? []).map((a) => a.authorId)))
      names.set(authorId, await personName(this.readModels, authorId));
    return {
      annotations: (doc?.items ?? []).map((a) => ({
        id: a.id,
        kind: a.kind,
        start: a.start,
        end: a.end,
        comment: a.comment,
        author: { id: a.authorId, name: names.get(a.authorId) ?? '' },
        createdAt: a.createdAt,
        editedAt: a.editedAt,
      })),
    };
  }
}

export class ChangeAnnotationsCommand extends Command<void> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
    readonly change:
      | { type: 'add'; body: AddAnnotationBody }
      | { type: 'edit'; annotationId: string; comment: string }
      | { type: 'remove'; annotationId: string },
  ) {
    super();
  }
}

/**
 * Adds, edits or removes a highlight or comment through the recording decider (its rules: a completed
 * transcript, a passage inside it, 1 to 2,000 characters). Only the owner: another user's recording is a 404.
 */
@CommandHandler(ChangeAnnotationsCommand)
export class ChangeAnnotationsHandler implements ICommandHandler<ChangeAnnotationsCommand> {
  constructor(
    private readonly access: RecordingAccess,
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ user, id, change }: ChangeAnnotationsCommand): Promise<void> {
    await this.access.owned(user, id, 'comment');
    const now = this.runner.now();
    let command: AnnotationCommand;
    if (change.type === 'add') {
      const { body } = change;
      command = {
        type: 'AnnotateTranscript',
        annotationId: this.ids.next(),
        kind: body.kind,
        start: body.start,
        end: body.end,
        comment: body.kind === 'comment' ? body.comment : null,
        authorId: user.id,
        now,
      };
    } else if (change.type === 'edit')
      command = {
        type: 'EditAnnotation',
        annotationId: change.annotationId,
        comment: change.comment,
        by: user.id,
        now,
      };
    else command = { type: 'RemoveAnnotation', annotationId: change.annotationId, by: user.id, now };
    await this.runner.run(recordingDecider, recordingStream(id), command, { actor: this.access.actor(user) });
  }
}

export const annotationHandlers = [GetAnnotationsHandler, ChangeAnnotationsHandler];
