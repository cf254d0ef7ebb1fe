import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { RememberedVoice, RememberVoiceBody } from '@scrivo/contracts';
import { type BlobStore, type Ids } from '@scrivo/domain';
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
} from '@scrivo/domain/voices';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { StreamRunner } from '../infrastructure/stream-runner';
import { BLOB_STORE, IDS } from '../infrastructure/tokens';
import { GetTranscriptQuery } from '../recordings/queries/recording.queries';
import { MEDIA_TOOLKIT } from '../recordings/recordings.tokens';
import { recordingVoicePrint } from './support/recording-voice-print';
import { VOICE_ENGINE } from './voices.tokens';

/** "Remember this voice": a speaker of one of the caller's recordings, remembered under a name. */
export class RememberVoiceCommand extends Command<RememberedVoice> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly body: RememberVoiceBody,
  ) {
    super();
  }
}

/** A rename or a forget of one of the caller's voices; answers the voice as it now is (null once forgotten). */
export class ChangeVoiceCommand extends Command<RememberedVoice | null> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly change: { kind: 'rename'; voiceId: string; name: string } | { kind: 'forget'; voiceId: string },
  ) {
    super();
  }
}

@CommandHandler(RememberVoiceCommand)
export class RememberVoiceHandler implements ICommandHandler<RememberVoiceCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly queries: QueryBus,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MEDIA_TOOLKIT) private readonly media: MediaToolkit,
    @Inject(VOICE_ENGINE) private readonly speech: SpeechRecognizer,
  ) {}

  async execute({ user, body }: RememberVoiceCommand): Promise<RememberedVoice> {
    // The caller's own finished transcript, or 404 (another account's recording too) / 409 (not transcribed yet).
    const transcript = await this.queries.execute(new GetTranscriptQuery(user, body.recordingId, 'uploader'));
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
    const { state } = await this.runner.load(recordingDecider, recordingStream(body.recordingId));
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
      voicesStream(user.id),
      {
        type: 'RememberVoice',
        userId: user.id,
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
  constructor(private readonly runner: StreamRunner) {}

  async execute({ user, change }: ChangeVoiceCommand): Promise<RememberedVoice | null> {
    const now = this.runner.now();
    const command: VoicesCommand =
      change.kind === 'rename'
        ? { type: 'RenameVoice', userId: user.id, voiceId: change.voiceId, name: change.name, now }
        : { type: 'ForgetVoice', userId: user.id, voiceId: change.voiceId, now };
    const { state } = await this.runner.run(voicesDecider, voicesStream(user.id), command, {
      actor: { kind: 'user', id: user.id },
    });
    const voice = state.voices.find((v) => v.voiceId === change.voiceId);
    return voice ? { id: voice.voiceId, name: voice.name } : null;
  }
}

export const voiceCommandHandlers = [RememberVoiceHandler, ChangeVoiceHandler];
