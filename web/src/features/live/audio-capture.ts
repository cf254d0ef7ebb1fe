import { mixSources } from './source-mix';

/** Where the audio comes from: the microphone, a tab or the screen's audio, or both mixed (a meeting). */
export type LiveSource = 'microphone' | 'tab' | 'both';

export class CaptureError extends Error {}

const SHARE_STOPPED = 'The screen share was stopped. What was recorded so far is kept.';
const MICROPHONE_GONE = 'The microphone was disconnected. What was recorded so far is kept.';

export interface CaptureHandlers {
  readonly onFrame: (pcm: ArrayBuffer) => void;
  readonly onLevel: (level: number) => void;
  /** A device was unplugged or the screen share stopped: recording stops, what was captured is kept. */
  readonly onEnded: (message: string) => void;
}

export const displayAudioSupported = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

const describeRefusal = (error: unknown, what: string): CaptureError => {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return new CaptureError(
      `Permission to use the ${what} was refused. Allow it in the browser's address bar and try again.`,
    );
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return new CaptureError(`No ${what} was found. Plug one in or choose another device.`);
  return new CaptureError(
    `The ${what} could not be started: ${error instanceof Error ? error.message : String(error)}`,
  );
};

/**
 * A shared tab or the system's sound is already clean digital audio, but Chromium gives display audio the
 * microphone's processing by default. Its automatic gain starts high and takes seconds to settle: in headless
 * Chromium the first words of a tab came in about 1.5 times louder than the file, pressed against full scale, and were
 * recognised as other words. Echo cancellation is made to take the sound played out of the speakers out of a
 * microphone, and the shared tab's sound is that very sound. Without the processing the captured tab peaks where the
 * file does (0.78 for jfk.wav).
 */
const SHARED_AUDIO: MediaTrackConstraints = {
  autoGainControl: false,
  echoCancellation: false,
  noiseSuppression: false,
};

/**
 * Captures the chosen source in an AudioWorklet at 16 kHz mono and hands out 100 ms frames of 16-bit PCM.
 * Both sources go through one AudioContext and are mixed into the same node (see mixSources: the sum is limited, not clipped).
 */
export class AudioCapture {
  private context: AudioContext | null = null;
  private node: AudioWorkletNode | null = null;
  private streams: MediaStream[] = [];

  async start(source: LiveSource, deviceId: string | null, handlers: CaptureHandlers): Promise<void> {
    if (source !== 'microphone' && !displayAudioSupported())
      throw new CaptureError('This browser cannot share tab or system audio. Use the microphone instead.');
    if (source !== 'tab') {
      try {
        this.streams.push(
          await navigator.mediaDevices.getUserMedia({
            audio: {
              ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
              echoCancellation: true,
              noiseSuppression: true,
            },
          }),
        );
      } catch (error) {
        throw describeRefusal(error, 'microphone');
      }
    }
    if (source !== 'microphone') {
      let display: MediaStream;
      try {
        display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: SHARED_AUDIO });
      } catch (error) {
        this.stop();
        throw describeRefusal(error, 'tab or screen audio');
      }
      display
        .getVideoTracks()
        .forEach((track) => track.addEventListener('ended', () => handlers.onEnded(SHARE_STOPPED)));
      if (display.getAudioTracks().length === 0) {
        display.getTracks().forEach((track) => track.stop());
        this.stop();
        throw new CaptureError(
          'No audio was shared. Tick "Share tab audio" (or system audio) when choosing what to share, or use the microphone.',
        );
      }
      this.streams.push(display);
    }
    const context = new AudioContext({ sampleRate: 16_000 });
    this.context = context;
    await context.audioWorklet.addModule('/live-capture.worklet.js');
    const node = new AudioWorkletNode(context, 'live-capture', {
      numberOfInputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    this.node = node;
    node.port.onmessage = (event: MessageEvent<{ pcm: ArrayBuffer; level: number }>) => {
      handlers.onFrame(event.data.pcm);
      handlers.onLevel(event.data.level);
    };
    mixSources(context, this.streams, node);
    for (const stream of this.streams) {
      // A closed shared tab ends its audio track as well as its video, often first: the message names the source.
      const ended = stream.getVideoTracks().length > 0 ? SHARE_STOPPED : MICROPHONE_GONE;
      for (const track of stream.getAudioTracks())
        track.addEventListener('ended', () => handlers.onEnded(ended));
    }
    // The worklet produces frames only while it is pulled: connect it to a silent output.
    const mute = context.createGain();
    mute.gain.value = 0;
    node.connect(mute).connect(context.destination);
  }

  pause(paused: boolean): void {
    this.node?.port.postMessage({ type: 'pause', paused });
  }

  stop(): void {
    for (const stream of this.streams) stream.getTracks().forEach((track) => track.stop());
    this.streams = [];
    this.node?.disconnect();
    this.node = null;
    void this.context?.close();
    this.context = null;
  }
}

export const microphones = async (): Promise<MediaDeviceInfo[]> =>
  (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'audioinput');
