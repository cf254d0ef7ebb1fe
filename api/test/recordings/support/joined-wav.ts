import { readFileSync } from 'node:fs';

/** The PCM samples of a 16-bit WAV file (its `data` chunk), found by walking the RIFF chunks. */
const pcmOf = (wav: Buffer): { format: Buffer; data: Buffer } => {
  let format: Buffer | null = null;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') format = wav.subarray(at + 8, at + 8 + size);
    if (id === 'data' && format) return { format, data: wav.subarray(at + 8, at + 8 + size) };
    at += 8 + size + (size % 2);
  }
  throw new Error('not a WAV file with a fmt and a data chunk');
};

/**
 * The files one after another with `gapSeconds` of silence between them, as one WAV. They must share one format
 * (the clips in ../shared/audio used here are all 16 kHz mono 16-bit), so no resampling is needed.
 */
export const joinedWav = (paths: readonly string[], gapSeconds = 1.5): Buffer => {
  const parts = paths.map((p) => pcmOf(readFileSync(p)));
  const format = parts[0]!.format;
  if (parts.some((p) => !p.format.equals(format))) throw new Error('the files differ in format');
  const byteRate = format.readUInt32LE(8);
  const blockAlign = format.readUInt16LE(12);
  const gap = Buffer.alloc(Math.round((gapSeconds * byteRate) / blockAlign) * blockAlign);
  const data = Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [p.data] : [gap, p.data])));
  const header = Buffer.alloc(20);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(4 + 8 + format.length + 8 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(format.length, 16);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, format, dataHeader, data]);
};
