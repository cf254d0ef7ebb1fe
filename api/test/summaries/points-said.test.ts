import { describe, expect, it } from 'vitest';
import { inLinesWords, proposalSaid, saysNothing, withPointsSaid } from '../../src/summaries/points-said';
import { transcript } from './support/transcript';

// Lines as a real meeting says them (AMI IS1006a, as the summary reads them).
const lines = transcript([
  [63, 'Marketing', 'Wow.'],
  [179, 'Marketing', 'So. Twenty five Euro for a remote control.'],
  [368, 'Marketing', 'Or if we should have a targeted remote control for children?'],
  [435, 'Industrial Designer', 'Yeah. Maybe we can change the colours, at least the frame of the remote.'],
  [443, 'Marketing', 'Yeah, at least the colour would be different.'],
  [520, 'Marketing', 'I prefer to have the off button at the top right, where people look for it.'],
  [600, 'Project Manager', "Let's begin."],
]);

describe('what was put forward or chosen reaches the key points', () => {
  it("adds the proposals no point says, in the line's words after its opening words, with who said them", () => {
    const price = { text: 'Marketing: Twenty five Euro for a remote control.', at: 179 };
    expect(withPointsSaid([price], [], lines)).toEqual([
      price,
      {
        text: 'Industrial Designer: Maybe we can change the colours, at least the frame of the remote.',
        at: 435,
      },
      {
        text: 'Marketing: I prefer to have the off button at the top right, where people look for it.',
        at: 520,
      },
    ]);
  });

  it('leaves out questions, what runs the meeting, and what a point or decision already says', () => {
    const decided = { text: 'Change the colours of the frame of the remote.', at: 435 };
    const points = withPointsSaid([], [decided], lines).map((p) => p.at);
    expect(points).toEqual([520]);
    expect(proposalSaid('Or if we should have a targeted remote control for children?')).toBeNull();
    expect(proposalSaid("Let's begin.")).toBeNull();
    // A fragment whose cue says nothing of its own.
    expect(proposalSaid('Be able to pull it up, I mean, then we will see.')).toBeNull();
  });

  it('adds a proposal whose line a point cites without saying it', () => {
    const elsewhere = { text: 'The team will meet again in thirty minutes.', at: 520 };
    expect(withPointsSaid([], [elsewhere], lines).map((p) => p.at)).toEqual([435, 520]);
  });

  it('quotes the sentence that says the proposal, or of a long one the clause', () => {
    expect(proposalSaid('Yeah. Maybe we can change the colours, at least the frame.')).toBe(
      'Maybe we can change the colours, at least the frame.',
    );
    const long =
      'Well I was looking at all of the ones in the shop yesterday and the day before, and you know what, ' +
      'I think we should make the case out of soft rubber, because children drop them all the time and then they break';
    expect(proposalSaid(long)).toBe('I think we should make the case out of soft rubber');
  });

  it('drops key points a model copied from a filler, never one that states a figure', () => {
    expect(saysNothing('Wow.')).toBe(true);
    expect(saysNothing("That's my favourite one.")).toBe(true);
    expect(saysNothing("And it's gonna be you'll try to guess.")).toBe(true);
    expect(saysNothing('Marketing: Twenty five Euro.')).toBe(false);
    expect(saysNothing('The case will be made of rubber.')).toBe(false);
    const copied = { text: 'Wow.', at: 63 };
    expect(withPointsSaid([copied], [], lines).map((p) => p.text)).not.toContain('Wow.');
  });
});

describe('what a kick-off meeting sets the product to be', () => {
  it('is a key point in the words that list it after the cue', () => {
    // AMI TS3010a, the Project Manager's long opening turn as its sentences.
    expect(proposalSaid('It has to be original, trendy and user-friendly.')).toBe(
      'It has to be original, trendy and user-friendly.',
    );
    // ES2006a: what not to do is put forward too.
    expect(
      proposalSaid(
        "Yeah but I mean even though it has to be re original we shouldn't go like too far away from the usual ones, because otherwise the new users will just have a lot of problems",
      ),
    ).toContain("we shouldn't go like too far away from the usual ones");
  });
});

describe('a decision no line settled', () => {
  // AMI IS1006a: the 1.5B model listed "we agree to sell two million remote controls" for this line.
  const said = transcript([
    [179, 'Marketing', 'So. Twenty five Euro for a remote control.'],
    [198, 'Industrial Designer', "Yeah, we're to sell two million then."],
    [300, 'Marketing', 'But this one could be I dunno, purple or b'],
  ]);

  it('is a key point in the words of its line where the line states a figure, with who said it', () => {
    const agreed = { text: 'we agree to sell two million remote controls', at: 198 };
    expect(inLinesWords(agreed, said)).toEqual({
      text: "Industrial Designer: We're to sell two million then.",
      at: 198,
    });
  });

  it("keeps the model's words where its line states no figure and puts nothing forward", () => {
    const colour = { text: 'The remote could be purple.', at: 300 };
    expect(inLinesWords(colour, said)).toBe(colour);
  });
});
