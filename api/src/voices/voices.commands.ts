import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { RememberedVoice, RememberVoiceBody } from '@scrivo/contracts';
import { type BlobStore, type Ids, NotFoundError } from '@scrivo/domain';
import {
  type MediaToolkit,
  recordingDecider,
  recordingStream,
  type SpeechRecognizer,
  transcriptionSourceKey,
} from '@scrivo/domain/recordings';
import {
  encodeVoicePrint,
  MIN_PRINT_SPEECH_SECONDS,
  secondsOf,
  speechOf,
  type VoicesCommand,
  voicesDecider,
  voicesStream,
  workspaceVoicesOwner,
} from '@scrivo/domain/voices';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { StreamRunner } from '../infrastructure/stream-runner';
import { BLOB_STORE, IDS } from '../infrastructure/tokens';
import { GetTranscriptQuery } from '../recordings/queries/recording.queries';
import { MEDIA_TOOLKIT } from '../recordings/recordings.tokens';
import { WorkspaceMembership } from '../workspaces/support/workspace-membership';
import { recordingVoicePrint } from './support/recording-voice-print';
import { VOICE_ENGINE } from './voices.tokens';

/**
 * "Remember this voice": a speaker of one of the caller's recordings, remembered under a name for the caller, or
 * (`workspaceId`) for a workspace, from a recording in it or one of the caller's own.
 */
export class RememberVoiceCommand extends Command<RememberedVoice> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly body: RememberVoiceBody,
    readonly workspaceId: string | null = null,
  ) {
    super();
  }
}

/**
 * A rename or a forget of one of the caller's voices, or of a workspace's (`workspaceId`); answers the voice as it
 * now is (null once forgotten).
 */
export class ChangeVoiceCommand extends Command<RememberedVoice | null> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly change: { kind: 'rename'; voiceId: string; name: string } | { kind: 'forget'; voiceId: string },
    readonly workspaceId: string | null = null,
  ) {
    super();
  }
}

/**
 * Whose voices a command changes: the caller's, or the workspace's when the caller may edit there (404 for a
 * non-member, 403 for a viewer: the same rule as the workspace's glossary).
 */
const voicesOwner = async (
  membership: WorkspaceMembership,
  user: AuthenticatedUser,
  workspaceId: string | null,
): Promise<string> => {
  if (workspaceId === null) return user.id;
  await membership.require(user.id, workspaceId, 'edit');
  return workspaceVoicesOwner(workspaceId);
};

@CommandHandler(RememberVoiceCommand)
export class RememberVoiceHandler implements ICommandHandler<RememberVoiceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly queries: QueryBus,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
    @Inject(VOICE_ENGINE) private readonly speech: SpeechRecognizer,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, body, workspaceId }: RememberVoiceCommand): Promise<RememberedVoice> {
    const owner = await voicesOwner(this.membership, user, workspaceId);
    // The caller's own finished transcript, or 404 (another account's recording too) / 409 (not transcribed yet);
    // for a workspace, one the caller reads there too.
    const access = workspaceId === null ? 'uploader' : 'read';
    const transcript = await this.queries.execute(new GetTranscriptQuery(user, body.recordingId, access));
    const { state } = await this.runner.load(recordingDecider, recordingStream(body.recordingId));
    // A voice heard in another workspace's recording is that team's to remember, not this one's.
    if (workspaceId !== null && state.ownerId !== user.id && state.workspaceId !== workspaceId)
      throw new NotFoundError('Recording', body.recordingId);
    const spans = speechOf(transcript.segments, body.speaker);
    if (spans.length === 0)
      throw new ApiError(
        422,
        'SPEAKER_NOT_IN_RECORDING',
        `No line of this transcript is said by "${body.speaker}": choose a speaker the transcript shows.`,
        { param: 'speaker' },
      );
    if (secondsOf(spans) < MIN_PRINT_SPEECH_SECONDS)
      throw new ApiError(
        422,
        'TOO_LITTLE_SPEECH',
        `"${body.speaker}" speaks for under ${MIN_PRINT_SPEECH_SECONDS} s in lines of a second or more: too little to remember the voice.`,
        { param: 'speaker' },
      );
    const source = transcriptionSourceKey(state);
    if (!source)
      throw new ApiError(
        422,
        'NO_AUDIO',
        "The recording's audio is no longer kept: its voices cannot be remembered.",
      );
    const print = await recordingVoicePrint(
      { blobs: this.blobs, media: this.media, speech: this.speech },
      source,
      spans,
    );
    const voiceId = this.ids.next();
    const { state: voices } = await this.runner.run(
      voicesDecider,
      voicesStream(owner),
      {
        type: 'RememberVoice',
        userId: owner,
        voiceId,
        name: body.name,
        print: encodeVoicePrint(print.embedding),
        recordingId: body.recordingId,
        now: this.runner.now(),
      },
      { actor: { kind: 'user', id: user.id } },
    );
    const voice = voices.voices.find((v) => v.voiceId === voiceId)!;
    return { id: voice.voiceId, name: voice.name };
  }
}

@CommandHandler(ChangeVoiceCommand)
export class ChangeVoiceHandler implements ICommandHandler<ChangeVoiceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, change, workspaceId }: ChangeVoiceCommand): Promise<RememberedVoice | null> {
    const owner = await voicesOwner(this.membership, user, workspaceId);
    const now = this.runner.now();
    const command: VoicesCommand =
      change.kind === 'rename'
        ? { type: 'RenameVoice', userId: owner, voiceId: change.voiceId, name: change.name, now }
        : { type: 'ForgetVoice', userId: owner, voiceId: change.voiceId, now };
    const { state } = await this.runner.run(voicesDecider, voicesStream(owner), command, {
      actor: { kind: 'user', id: user.id },
    });
    const voice = state.voices.find((v) => v.voiceId === change.voiceId);
    return voice ? { id: voice.voiceId, name: voice.name } : null;
  }
}

export const voiceCommandHandlers = [RememberVoiceHandler, ChangeVoiceHandler];
