import { describe, expect, it } from 'vitest';
import { peaksOf } from './peaks';

describe('waveform peaks', () => {
  it('keep the loudest sample of each bucket, scaled to the loudest overall', () => {
    const samples = Float32Array.from([0.1, -0.2, 0.5, -0.25, 0, 0.05]);
    const peaks = peaksOf([samples], 3);
    expect(peaks).toHaveLength(3);
    [0.4, 1, 0.1].forEach((expected, i) => expect(peaks[i]).toBeCloseTo(expected, 5));
  });
  it('take every channel into account', () => {
    const left = Float32Array.from([0, 0]);
    const right = Float32Array.from([0.5, 0.25]);
    expect(peaksOf([left, right], 2)).toEqual([1, 0.5]);
  });
  it('are empty when there is no audio', () => {
    expect(peaksOf([], 10)).toEqual([]);
  });
});
