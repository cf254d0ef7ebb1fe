// AudioWorklet of live recording: mixes its input to mono, resamples it to 16 kHz (linear interpolation; the
// AudioContext usually runs at 16 kHz already, so this is a copy), and posts 100 ms frames of signed 16-bit PCM
// with the input level. Plain JavaScript: worklets load as their own module, outside the app bundle.
/* global AudioWorkletProcessor, sampleRate, registerProcessor -- the AudioWorkletGlobalScope of the worklet */
const TARGET_RATE = 16000;
const FRAME_SAMPLES = 1600;

class LiveCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / TARGET_RATE;
    this.position = 0;
    this.previous = 0;
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
    this.peak = 0;
    this.paused = false;
    this.port.onmessage = (event) => {
      if (event.data && event.data.type === 'pause') this.paused = event.data.paused;
    };
  }

  process(inputs) {
    const input = inputs[0];
    if (!input || input.length === 0 || this.paused) return true;
    const length = input[0].length;
    const mono = new Float32Array(length);
    for (const channel of input) for (let i = 0; i < length; i += 1) mono[i] += channel[i] / input.length;
    // Linear resampling: `position` walks the input in steps of (input rate / 16 kHz).
    while (this.position < length) {
      const index = Math.floor(this.position);
      const fraction = this.position - index;
      const before = index === 0 ? this.previous : mono[index - 1];
      const sample =
        index === 0 && fraction === 0 ? this.previous : before + (mono[index] - before) * fraction;
      const clipped = Math.max(-1, Math.min(1, this.step === 1 ? mono[index] : sample));
      this.peak = Math.max(this.peak, Math.abs(clipped));
      this.frame[this.filled] = clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff;
      this.filled += 1;
      if (this.filled === FRAME_SAMPLES) {
        const pcm = this.frame.buffer.slice(0);
        this.port.postMessage({ pcm, level: this.peak }, [pcm]);
        this.filled = 0;
        this.peak = 0;
      }
      this.position += this.step;
    }
    this.position -= length;
    this.previous = mono[length - 1];
    return true;
  }
}

registerProcessor('live-capture', LiveCapture);
