import { Controller, UseGuards } from '@nestjs/common';
import { contract, type Recording } from '@scrivo/contracts';
import { type RecordingCommand, recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser } from '../../common/auth/guards';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { toRecording } from '../recording-view';
import { RecordingAccess, type RecordingAction } from '../support/recording-access';

const r = contract.recordings;

/**
 * The recording's simple commands: routes that run one domain command on the caller's recording and answer the
 * recording as the write left it. Each is its contract route in `routes` and one line in the table of `handle`
 * (the domain command built from its parameters and body); the access check, the run and the answer are shared.
 */
const routes = { update: r.update, cancel: r.cancel, restore: r.restore, pin: r.pin, move: r.move };

/** A route's request as the contract has checked it. */
type In<Route extends keyof typeof routes> = Parameters<
  ReturnType<typeof tsRestHandler<(typeof routes)[Route]>>
>[0];
interface Request {
  readonly params: { readonly id: string };
}
interface RunOptions {
  /** What the caller needs to be allowed (recording-access.ts): a member renames and pins, the uploader cancels. */
  readonly action: RecordingAction;
  /** The command acts on a recording in the bin (restore): a deleted one is not a 404 for it. */
  readonly deleted?: boolean;
}

/** A workspace member may (renames, pins; a viewer may not), or only the uploader may (cancel, restore). */
const EDIT: RunOptions = { action: 'edit' };
const UPLOADER: RunOptions = { action: 'uploader' };

@Controller()
// Like every recordings route: the session, or an API key as a bearer token (docs/api-keys.md).
@UseGuards(UserOrApiKeyGuard)
export class RecordingCommandRoutes {
  constructor(
    private readonly access: RecordingAccess,
    private readonly runner: StreamRunner,
  ) {}

  @TsRestHandler(routes)
  handle(@CurrentUser() user: AuthenticatedUser) {
    /** One route's handler: another user's (or a deleted) recording is a 404, then the command, then the answer. */
    const run =
      <Input extends Request>(
        command: (input: Input, now: string) => RecordingCommand | Promise<RecordingCommand>,
        options: RunOptions,
      ) =>
      async (input: Input): Promise<{ status: 200; body: Recording }> => {
        const { id } = input.params;
        await this.access.owned(user, id, options.action, options);
        const domainCommand = await command(input, this.runner.now());
        await this.runner.run(recordingDecider, recordingStream(id), domainCommand, {
          actor: this.access.actor(user),
        });
        return { status: 200, body: toRecording(await this.access.written(id)) };
      };
    return tsRestHandler(routes, {
      update: run(
        ({ body }: In<'update'>, now) => ({ type: 'RenameRecording', title: body.title, now }),
        EDIT,
      ),
      // The transcription-jobs reactor and the minutes-release workflow cancel the job and give the minutes back.
      cancel: run((_, now) => ({ type: 'CancelTranscription', now }), UPLOADER),
      restore: run((_, now) => ({ type: 'RestoreRecording', now }), { ...UPLOADER, deleted: true }),
      pin: run(({ body }: In<'pin'>, now) => ({ type: 'PinRecording', pinned: body.pinned, now }), EDIT),
      // The mover's role in the target is the fact the decider's rule needs (a move is an upload there).
      move: run(
        async ({ body: { workspaceId } }: In<'move'>, now) => ({
          type: 'MoveRecording',
          to: workspaceId,
          by: user.id,
          role: workspaceId === null ? null : await this.access.roleIn(user, workspaceId),
          now,
        }),
        UPLOADER,
      ),
    });
  }
}
