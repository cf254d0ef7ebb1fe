import { describe, expect, it } from 'vitest';
import { numbersIn } from './qmsum-score';

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
