import type { Page } from 'playwright-core';

/** Levels of the audio a page sends on its live WebSocket, measured on the frames as they leave the browser. */
export interface SentAudio {
  /** Frames seen (each 100 ms of 16-bit PCM after a 4-byte sequence number). */
  readonly frames: () => number;
  /** The highest absolute sample, 0 to 1. */
  readonly peak: () => number;
  /** Samples at full scale (32767 or -32768): where the signal was clipped. */
  readonly fullScaleSamples: () => number;
}

export const measureSentAudio = (page: Page): SentAudio => {
  let frames = 0;
  let peak = 0;
  let fullScale = 0;
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') return;
      frames += 1;
      for (let offset = 4; offset + 1 < payload.length; offset += 2) {
        const sample = payload.readInt16LE(offset);
        if (sample === 32767 || sample === -32768) fullScale += 1;
        peak = Math.max(peak, Math.abs(sample) / 32768);
      }
    }),
  );
  return { frames: () => frames, peak: () => peak, fullScaleSamples: () => fullScale };
};
