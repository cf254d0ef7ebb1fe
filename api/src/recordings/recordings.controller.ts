import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { DeleteRecordingCommand, RetryTranscriptionCommand } from './commands/recording-lifecycle.commands';
import { EditTranscriptCommand, RestructureTranscriptCommand } from './commands/edit-transcript.command';
import { ChangeAnnotationsCommand, GetAnnotationsQuery } from './commands/annotations.command';
import {
  ShowTranscriptQuery,
  GetUsageQuery,
  ListRecordingsQuery,
  ShowRecordingQuery,
} from './queries/recording.queries';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';

const r = contract.recordings;

/** The recordings' reads and the writes with more to them than one command (the simple ones: recording-command-routes.ts). */
@Controller()
// The recordings API: the session, or an API key as a bearer token (docs/api-keys.md).
@UseGuards(UserOrApiKeyGuard)
export class RecordingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @TsRestHandler(r.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.list, async ({ query }) => ({
      status: 200 as const,
      body: await this.queries.execute(new ListRecordingsQuery(user, query)),
    }));
  }

  @TsRestHandler(r.get)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.get, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new ShowRecordingQuery(user, params.id)),
    }));
  }

  @TsRestHandler(r.remove)
  remove(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.remove, async ({ params }) => ({
      status: 200 as const,
      body: await this.commands.execute(new DeleteRecordingCommand(user, params.id)),
    }));
  }

  @TsRestHandler(r.retry)
  retry(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.retry, async ({ params }) => ({
      status: 202 as const,
      body: await this.commands.execute(new RetryTranscriptionCommand(user, params.id)),
    }));
  }

  @TsRestHandler(r.transcript)
  transcript(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.transcript, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new ShowTranscriptQuery(user, params.id)),
    }));
  }

  @TsRestHandler(r.editTranscript)
  editTranscript(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.editTranscript, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(new EditTranscriptCommand(user, params.id, body)),
    }));
  }

  @TsRestHandler(r.restructureTranscript)
  restructureTranscript(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.restructureTranscript, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.commands.execute(new RestructureTranscriptCommand(user, params.id, body)),
    }));
  }

  @TsRestHandler(r.annotations)
  annotations(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.annotations, async ({ params }) => ({
      status: 200 as const,
      body: await this.queries.execute(new GetAnnotationsQuery(user, params.id)),
    }));
  }

  @TsRestHandler(r.addAnnotation)
  addAnnotation(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.addAnnotation, async ({ params, body }) => {
      await this.commands.execute(new ChangeAnnotationsCommand(user, params.id, { type: 'add', body }));
      return {
        status: 201 as const,
        body: await this.queries.execute(new GetAnnotationsQuery(user, params.id)),
      };
    });
  }

  @TsRestHandler(r.editAnnotation)
  editAnnotation(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.editAnnotation, async ({ params, body }) => {
      await this.commands.execute(
        new ChangeAnnotationsCommand(user, params.id, {
          type: 'edit',
          annotationId: params.annotationId,
          comment: body.comment,
        }),
      );
      return {
        status: 200 as const,
        body: await this.queries.execute(new GetAnnotationsQuery(user, params.id)),
      };
    });
  }

  @TsRestHandler(r.removeAnnotation)
  removeAnnotation(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.removeAnnotation, async ({ params }) => {
      await this.commands.execute(
        new ChangeAnnotationsCommand(user, params.id, { type: 'remove', annotationId: params.annotationId }),
      );
      return {
        status: 200 as const,
        body: await this.queries.execute(new GetAnnotationsQuery(user, params.id)),
      };
    });
  }

  @TsRestHandler(r.usage)
  usage(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.usage, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new GetUsageQuery(user)),
    }));
  }
}
