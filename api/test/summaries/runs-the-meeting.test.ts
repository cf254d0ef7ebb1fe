import { describe, expect, it } from 'vitest';
import { runsTheMeeting } from '../../src/summaries/runs-the-meeting';

describe('what runs the meeting is no decision', () => {
  it('is what a chair says the meeting does next (the decisions a 1.5B model listed for AMI TS3010a)', () => {
    expect(runsTheMeeting('We will get back to that.')).toBe(true);
    expect(runsTheMeeting('We will discuss that later.')).toBe(true);
    expect(runsTheMeeting("So we'll discuss that later.")).toBe(true);
    expect(runsTheMeeting('So we will get back th on that.')).toBe(true);
    // AMI IS1006a: what the chair opens with, listed as decisions.
    expect(runsTheMeeting("Next. Let's talk about money")).toBe(true);
    expect(runsTheMeeting("I'm the Project Manager Christa Pavlov and okay let's begin")).toBe(true);
    expect(runsTheMeeting('We will think about what we will make.')).toBe(true);
  });

  it('is not what the meeting settled about something, nor a figure or a time', () => {
    expect(runsTheMeeting('We will sell the t at twenty five Euros.')).toBe(false);
    expect(runsTheMeeting('we agree to use the whiteboard')).toBe(false);
    expect(runsTheMeeting('Project Manager: We will meet again in thirty minutes.')).toBe(false);
    expect(runsTheMeeting('We will make it out of rubber.')).toBe(false);
    expect(runsTheMeeting('We will meet at ten.')).toBe(false);
    expect(runsTheMeeting("Let's talk about it later, we agree on the rubber case.")).toBe(false);
    // ES2006a.
    expect(
      runsTheMeeting(
        "we want to practice using some of the tools that we'll be using during the course of the design project",
      ),
    ).toBe(false);
  });
});
