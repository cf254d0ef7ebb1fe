import { Controller, UseGuards } from '@nestjs/common';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser, UserGuard } from '../common/auth/guards';
import { RecordingsService } from './recordings.service';
import { toRecording } from './recording-view';

const r = contract.recordings;

@Controller()
@UseGuards(UserGuard)
export class RecordingsController {
  constructor(private readonly service: RecordingsService) {}

  @TsRestHandler(r.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.list, async ({ query }) => ({
      status: 200 as const,
      body: await this.service.list(user, query),
    }));
  }

  @TsRestHandler(r.get)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.get, async ({ params }) => ({
      status: 200 as const,
      body: toRecording(await this.service.doc(user, params.id)),
    }));
  }

  @TsRestHandler(r.update)
  update(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.update, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.service.rename(user, params.id, body.title),
    }));
  }

  @TsRestHandler(r.remove)
  remove(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.remove, async ({ params }) => ({
      status: 200 as const,
      body: await this.service.remove(user, params.id),
    }));
  }

  @TsRestHandler(r.restore)
  restore(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.restore, async ({ params }) => ({
      status: 200 as const,
      body: await this.service.restore(user, params.id),
    }));
  }

  @TsRestHandler(r.cancel)
  cancel(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.cancel, async ({ params }) => ({
      status: 200 as const,
      body: await this.service.cancel(user, params.id),
    }));
  }

  @TsRestHandler(r.retry)
  retry(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.retry, async ({ params }) => ({
      status: 202 as const,
      body: await this.service.retry(user, params.id),
    }));
  }

  @TsRestHandler(r.transcript)
  transcript(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.transcript, async ({ params }) => {
      const { id: _id, ownerId: _owner, ...transcript } = await this.service.transcript(user, params.id);
      return {
        status: 200 as const,
        body: {
          ...transcript,
          segments: transcript.segments.map((seg) => ({ ...seg, words: [...seg.words] })),
        },
      };
    });
  }

  @TsRestHandler(r.usage)
  usage(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(r.usage, async () => ({
      status: 200 as const,
      body: await this.service.usage(user),
    }));
  }
}
