import { describe, expect, it } from 'vitest';
import { withoutSpeaker } from '../../src/summaries/summarizer';
import { asTask, withAcceptedTasks, withoutRepeatedTasks, withTasksSaid } from '../../src/summaries/tasks';
import { checkedOwner, checkPoints, inLinesSense } from '../../src/summaries/support-check';
import { transcript } from './support/transcript';

/** The 30 s two-speaker telephone sample (pyannote's), as its reference transcript has it. */
const call = transcript([
  [7, 'Diane', 'Hello? Oh, hello. I did not know you were there.'],
  [10, 'Sheila', 'Neither did I.'],
  [11, 'Diane', 'Okay, then I thought you know, I heard a beep. This is Diane in New Jersey.'],
  [14, 'Sheila', "And I'm Sheila in Texas, originally from Chicago."],
  [17, 'Diane', "Oh, I'm originally from Chicago also. I'm in New Jersey now though."],
  [
    21,
    'Sheila',
    "Well, there isn't that much difference. At least you know, they all call me a Yankee down here.",
  ],
  [28, 'Diane', "Oh, I don't hear that in New Jersey now."],
]);

describe('a summary point stays only where the line it cites says it', () => {
  it('drops points that give one person’s words or facts to another, as a 1.5B model wrote them', () => {
    const { kept, dropped } = checkPoints(
      [
        { text: 'Sheila is also originally from New Jersey.', at: 14 },
        { text: 'Sheila calls Diane a Yankee.', at: 21 },
        { text: 'Diane lives in New Jersey.', at: 11 },
        { text: 'Sheila lives in Texas and is originally from Chicago.', at: 14 },
        { text: 'Where Sheila lives, they all call her a Yankee.', at: 21 },
      ],
      call,
      'en',
    );
    expect(dropped.map((p) => p.text)).toEqual([
      'Sheila is also originally from New Jersey.',
      'Sheila calls Diane a Yankee.',
    ]);
    expect(kept.map((p) => p.at)).toEqual([11, 14, 21]);
  });

  it('moves a point that cites the wrong second to the line that says it', () => {
    const { kept, moved } = checkPoints(
      [{ text: 'Diane is originally from Chicago too.', at: 7 }],
      call,
      'en',
    );
    expect(kept).toEqual([{ text: 'Diane is originally from Chicago too.', at: 17 }]);
    expect(moved).toBe(1);
  });

  it('points at the line that says it rather than the line before it', () => {
    const meeting = transcript([
      [45, 'Anna', 'And the decision is five dollars a month.'],
      [50, 'Ben', 'I will change the price in the app store listing today.'],
    ]);
    const { kept } = checkPoints(
      [{ text: 'Change the price in the app store listing.', at: 45 }],
      meeting,
      'en',
    );
    expect(kept).toEqual([{ text: 'Change the price in the app store listing.', at: 50 }]);
  });

  it('reads figures said in words and in digits alike', () => {
    const meeting = transcript([
      [0, 'Anna', 'Then we move the launch date to the fifteenth of March.'],
      [6, 'Ben', 'And the price is five dollars a month.'],
    ]);
    const { kept, dropped } = checkPoints(
      [
        { text: 'The launch moves to March 15.', at: 0 },
        { text: 'The price is $5 a month.', at: 6 },
        { text: 'The price is $7 a month.', at: 6 },
      ],
      meeting,
      'en',
    );
    expect(kept.map((p) => p.text)).toEqual(['The launch moves to March 15.', 'The price is $5 a month.']);
    expect(dropped.map((p) => p.text)).toEqual(['The price is $7 a month.']);
  });
});

describe('a decision says what its line says, not the opposite', () => {
  // hiring-plan of the meeting set, as Whisper base wrote it.
  const meeting = transcript([
    [38, 'Jonas', 'Should we use a recruiting agency this time?'],
    [41, 'Kate', 'Um, they were expensive last year and the candidates were not great.'],
    [46, 'Jonas', 'And we do not use an agency, we post the job ourselves.'],
    [50, 'Leo', 'Okay, I can also ask my old colleagues if anyone is looking.'],
  ]);

  it('cites the line that settles a decision, not the question, and says it as that line does', () => {
    // What the local model wrote: the question's words, so the word check keeps it there; the meaning is flipped.
    const flipped = { text: 'We agree to use a recruiting agency this time.', at: 38 };
    expect(checkPoints([flipped], meeting, 'en').kept).toEqual([flipped]);
    expect(inLinesSense(flipped, meeting, 'en', true)).toEqual({
      text: 'We do not use an agency, we post the job ourselves.',
      at: 46,
    });
  });

  it('writes a point that drops its line\'s "not", or adds one, as the line says it', () => {
    expect(inLinesSense({ text: 'We use a recruiting agency.', at: 46 }, meeting, 'en', false)).toEqual({
      text: 'We do not use an agency, we post the job ourselves.',
      at: 46,
    });
    expect(inLinesSense({ text: "Leo won't ask his old colleagues.", at: 50 }, meeting, 'en', false)).toEqual(
      { text: 'I can also ask my old colleagues if anyone is looking.', at: 50 },
    );
  });

  it('drops a decision that only a question says, and a turned-around point that cites one', () => {
    const asked = transcript([
      [0, 'Mia', 'Should we move the release to Friday?'],
      [4, 'Nils', 'Hmm, the weather is nice today.'],
    ]);
    expect(inLinesSense({ text: 'The release moves to Friday.', at: 0 }, asked, 'en', true)).toBeNull();
    expect(inLinesSense({ text: 'The release does not move.', at: 0 }, asked, 'en', false)).toBeNull();
  });

  it("keeps what says its line's sense, and a point about the question itself, as the model wrote them", () => {
    const kept = [
      { point: { text: 'No recruiting agency: the job is posted by the team.', at: 46 }, decision: true },
      { point: { text: "The candidates weren't great last year.", at: 41 }, decision: false },
      { point: { text: 'Jonas asks whether to use a recruiting agency.', at: 38 }, decision: false },
    ];
    for (const { point, decision } of kept) expect(inLinesSense(point, meeting, 'en', decision)).toBe(point);
  });
});

describe('the owner of an action item is who the lines say', () => {
  const meeting = transcript([
    [0, 'Anna', 'Ben, can you send the report to the client?'],
    [4, 'Ben', 'Sure, by Friday.'],
    [8, 'Carla', 'I will book the room for the workshop.'],
    [12, 'Anna', 'Somebody should check the budget.'],
  ]);

  it('keeps an owner who speaks the line or is named beside it', () => {
    expect(checkedOwner('Ben', meeting, 4)).toBe('Ben');
    expect(checkedOwner('Ben', meeting, 0)).toBe('Ben');
  });

  it('gives an "I will" task to its speaker, whoever the model named', () => {
    expect(checkedOwner('Anna', meeting, 8)).toBe('Carla');
    expect(checkedOwner(null, meeting, 8)).toBe('Carla');
  });

  it('reads a name as a name, not the word it also is', () => {
    // conference-planning: the model gave Yuki's task to Will, whose name is the "will" of her line.
    const planning = transcript([
      [35, 'Will', "Let's plan for 300 people."],
      [38, 'Yuki', 'I will ask three venues in Lisbon for offers.'],
      [41, 'Will', 'Xena, could you draft the call for speakers?'],
    ]);
    expect(checkedOwner('Will', planning, 38)).toBe('Yuki');
    expect(checkedOwner('Xena', planning, 41)).toBe('Xena');
  });

  it('names nobody where nobody is named', () => {
    expect(checkedOwner('Anna', meeting, 12)).toBeNull();
  });
});

describe('a task asked for and taken on is an action item', () => {
  // release-retro of the meeting set, as Whisper base wrote it ("Deena" for Dina).
  const retro = transcript([
    [14, 'Carl', 'Yeah, okay, so for the notes, from now on the notes are written during the print.'],
    [23, 'Carl', 'Deena, can you add a note section to the ticket template?'],
    [27, 'Dina', 'Sure, I will do that today.'],
    [30, 'Emil', 'For the test, we could run them in parallel on four machines.'],
    [41, 'Emil', 'I will set up the four test machines by next Wednesday.'],
  ]);
  const machines = { text: 'Set up the four test machines by next Wednesday.', owner: 'Emil', at: 41 };

  it('adds the one the model left out, owned by who said yes, at the question', () => {
    expect(withAcceptedTasks([machines], retro)).toEqual([
      machines,
      { text: 'Add a note section to the ticket template.', owner: 'Dina', at: 23 },
    ]);
  });

  it('adds nothing the model listed at the question or the answer', () => {
    const listed = { text: 'Do that today.', owner: 'Dina', at: 27 };
    expect(withAcceptedTasks([listed, machines], retro)).toEqual([listed, machines]);
  });

  it('gives the one the model copied as a question, with no owner, its task and who said yes', () => {
    const copied = { text: 'Deena, can you add a note section to the ticket template?', owner: null, at: 23 };
    expect(withAcceptedTasks([copied, machines], retro)).toEqual([
      { text: 'Add a note section to the ticket template.', owner: 'Dina', at: 23 },
      machines,
    ]);
  });

  it('gives the one the model gave to the name as Whisper wrote it to who said yes', () => {
    const misheard = { text: 'Can you add a note section to the ticket template?', owner: 'Deena', at: 23 };
    expect(withAcceptedTasks([misheard, machines], retro)).toEqual([
      { text: 'Add a note section to the ticket template.', owner: 'Dina', at: 23 },
      machines,
    ]);
    const someoneElse = { ...misheard, owner: 'Carl' };
    expect(withAcceptedTasks([someoneElse], retro)).toEqual([someoneElse]);
  });

  it('needs a person asked, a task said, and a yes from someone else', () => {
    const unanswered = transcript([
      [0, 'Grace', 'Hugo, can you set up the domain?'],
      [3, 'Hugo', 'Hmm, not this week.'],
      [6, 'Grace', 'You know, can you do that?'],
      [8, 'Hugo', 'Yes.'],
      [9, 'Ines', 'Can you hear me?'],
      [11, 'Hugo', 'Yes, I can.'],
    ]);
    expect(withAcceptedTasks([], unanswered)).toEqual([]);
  });
});

describe('a task a person says is theirs is an action item', () => {
  // website-redesign and security-incident of the meeting set, as Whisper base wrote them.
  const website = transcript([
    [35, 'Mia', 'Okay, we keep the 50 most read posts and remove the rest.'],
    [40, 'Olga', 'I will make a list of the 50 posts.'],
    [43, 'Mia', 'Paul, can you set up redirects for the removed pages?'],
    [47, 'Paul', "Yes, I will do the redirects after Olga's list is done."],
  ]);

  it('adds the one the model left out, in the words of the line, owned by its speaker', () => {
    const redirects = { text: 'Set up redirects for the removed pages.', owner: 'Paul', at: 43 };
    expect(withTasksSaid([redirects], website)).toEqual([
      redirects,
      { text: 'Make a list of the 50 posts.', owner: 'Olga', at: 40 },
    ]);
  });

  it('reads the task after what a spoken line starts with', () => {
    const incident = transcript([
      [43, 'Bea', 'I can organize a first training in two weeks.'],
      [46, 'Zoe', 'Thanks, and I will write a short note to everyone about what happened.'],
    ]);
    const training = { text: 'Organize a first training in two weeks.', owner: 'Bea', at: 43 };
    expect(withTasksSaid([training], incident)).toEqual([
      training,
      { text: 'Write a short note to everyone about what happened.', owner: 'Zoe', at: 46 },
    ]);
  });

  it('adds nothing for a line the model cited, or for an answer to a question that asks for the task', () => {
    const list = { text: 'Olga makes the list.', owner: 'Olga', at: 41 };
    expect(withTasksSaid([list], website)).toEqual([list]);
  });

  it('needs a task said: not "I will do that", a question, or "I will" inside another thought', () => {
    const talk = transcript([
      [0, 'Anna', 'Sure, I will do that.'],
      [3, 'Ben', 'Let me think.'],
      [5, 'Carla', 'I will send what exactly?'],
      [8, 'Ben', 'If the budget allows it I will hire a designer.'],
      [12, 'Carla', "I can't make the review on Friday."],
    ]);
    expect(withTasksSaid([], talk)).toEqual([]);
  });

  it('is not the call itself: sharing a screen, hearing someone, what the speaker does next', () => {
    const call = transcript([
      [0, 'Anna', 'Let me share my screen with everyone.'],
      [3, 'Ben', "Okay, I'll unmute my microphone now."],
      [5, 'Carla', 'I can hear you all very well.'],
      [7, 'Anna', 'I can see the second chart on your slides.'],
      [8, 'Ben', "I'm going to go through the budget numbers first."],
    ]);
    expect(withTasksSaid([], call)).toEqual([]);
  });
});

describe('one task is listed once', () => {
  it("merges one owner's task written twice in two wordings, keeping the first", () => {
    // hiring-plan: Leo's "Okay, I can also ask my old colleagues if anyone is looking.", listed twice by the model.
    const first = { text: 'Ask my old colleagues if anyone is looking.', owner: 'Leo', at: 51 };
    const again = { text: 'Leo will ask his old colleagues.', owner: 'Leo', at: 51 };
    const payments = { text: 'Write the job description for the payments role.', owner: 'Leo', at: 34 };
    expect(withoutRepeatedTasks([first, payments, again], 'en')).toEqual([first, payments]);
  });

  it('keeps the same task of two people, a task with no owner, and two tasks of one person', () => {
    const items = [
      { text: 'Review the contract.', owner: 'Anna', at: 0 },
      { text: 'Review the contract.', owner: 'Ben', at: 4 },
      { text: 'Review the contract.', owner: null, at: 8 },
      { text: 'Turn on two-factor login for all accounts.', owner: 'Adam', at: 30 },
      { text: 'Write the instructions for all staff.', owner: 'Adam', at: 30 },
    ];
    expect(withoutRepeatedTasks(items, 'en')).toEqual(items);
  });
});

describe('an action item reads as a task', () => {
  it('is not a copied "I will" line', () => {
    expect(asTask('I will change the price in the app store listing today.')).toBe(
      'Change the price in the app store listing today.',
    );
    expect(asTask("Yes, I'll set up the domain by Wednesday")).toBe('Set up the domain by Wednesday');
    expect(asTask('Book the venue')).toBe('Book the venue');
    expect(asTask('Thanks, and I will write a short note to everyone.')).toBe(
      'Write a short note to everyone.',
    );
  });
});

describe('a point reads as a point', () => {
  it('without the speaker label of the line it was copied from', () => {
    const lines = transcript([[0, 'Anna', 'The decision is five dollars a month.']]);
    expect(withoutSpeaker('Anna: The decision is five dollars a month.', lines)).toBe(
      'The decision is five dollars a month.',
    );
    expect(withoutSpeaker('Note: prices rise in May.', lines)).toBe('Note: prices rise in May.');
  });
});
