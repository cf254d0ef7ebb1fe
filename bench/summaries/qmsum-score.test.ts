import { describe, expect, it } from 'vitest';
import type { Summary } from '../../api/src/summaries/summary-shape';
import { asWritten, numbersIn, repetitions } from './qmsum-score';

describe('the numbers a summary or an answer states, as the QMSum scorer reads them', () => {
  it('reads figures in digits and in words alike', () => {
    expect(numbersIn('a cost of 12.50 euros for 25 euros')).toEqual([12.5, 25]);
    expect(numbersIn('twenty five Euro, fifty million profit')).toEqual([25, 50e6]);
  });

  it('reads "and a half" as the half it says, and nothing more where no half follows', () => {
    expect(numbersIn('the target cost is twelve and a half Euro')).toEqual([12.5]);
    expect(numbersIn('twelve and a dog')).toEqual([12]);
  });
});

describe('repetition in a summary, as the QMSum scorer counts it', () => {
  const withOverview = (overview: string): Summary => ({
    overview,
    keyPoints: [],
    decisions: [],
    actionItems: [],
    chapters: [],
    language: 'en',
    engine: 'test',
  });

  it('counts a clause that says an earlier clause again', () => {
    expect(
      repetitions(
        withOverview('They chose a yellow rubber case, a yellow rubber case, and a solar battery.'),
      ),
    ).toEqual(['a yellow rubber case']);
  });

  it('does not read two sentences as one clause (ES2009b, 2026-12-07)', () => {
    const overview =
      'The recording discusses the design of a remote control and a touch screen device, with the designer ' +
      'suggesting plastic. The meeting also discusses the marketing, with the manager suggesting that the remote ' +
      'control should be sleek and simple. The meeting also discusses the design of a touch screen device with ' +
      'several submenus for possible extra stuff, including a channel and on and off switch.';
    expect(repetitions(withOverview(overview))).toEqual([]);
  });
});

describe('the meetings as the product would get them', () => {
  it('writes an acronym spelt letter by letter as Whisper writes it', () => {
    expect(asWritten('we keep the L_C_D_ and two T_V_s, F_ M_ radio')).toBe(
      'we keep the LCD and two TVs, F M radio',
    );
  });
});
