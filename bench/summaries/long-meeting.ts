import type { Segment } from '@scrivo/domain/recordings';

/**
 * Long meeting transcripts for timing the summarizer: agenda items written as a team would talk them through,
 * repeated with other projects, people, dates and numbers until the meeting is as long as asked, at 165 spoken
 * words a minute (the pace of a meeting: a 60-minute one is about 10,000 words). Deterministic, so every run
 * summarises the same text. Synthetic text: for speed and memory, not for quality (see quality/).
 */
const PEOPLE = ['Anna', 'Ben', 'Carla', 'David', 'Elena', 'Farid'];
const PROJECTS = [
  'the mobile app',
  'the billing service',
  'the partner portal',
  'the data warehouse',
  'the help centre',
  'the onboarding flow',
  'the search feature',
  'the reporting tool',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const MONTHS = ['March', 'April', 'May', 'June', 'July', 'September'];

type Block = (p: (i: number) => string, project: string, n: number) => [string, string][];

const BLOCKS: Block[] = [
  (p, project, n) => [
    [p(0), `Next on the agenda is ${project}. Where are we with it?`],
    [
      p(1),
      `We finished the design review last week and the first version is in testing. We found ${n + 3} bugs, most of them small.`,
    ],
    [p(2), `Are any of them blocking the release, or can we ship with them?`],
    [
      p(1),
      `Two of them are blocking. One is a crash on older phones, the other is a wrong total in the summary screen.`,
    ],
    [p(0), `Then we agree that the release waits until both blocking bugs are fixed.`],
    [p(1), `I will fix the crash and the total by ${DAYS[n % 5]} and tell the team when the build is ready.`],
    [p(3), `I can run the regression tests the same day, so we would know by the evening.`],
  ],
  (p, project, n) => [
    [
      p(2),
      `I want to talk about the budget for ${project}. We spent ${60 + n}% of it in the first half of the year.`,
    ],
    [p(0), `That is more than planned. What drove the cost?`],
    [
      p(2),
      `Mostly the contractors. We extended two contracts because the integration took longer than expected.`,
    ],
    [p(4), `Could we bring that work in house? We have people who know the integration now.`],
    [
      p(0),
      `Let us decide that the contractor contracts end in ${MONTHS[n % 6]} and the team takes the work over.`,
    ],
    [p(2), `I will prepare a hand-over plan with the contractors and share it before the next meeting.`],
  ],
  (p, project, n) => [
    [
      p(3),
      `Customer feedback on ${project} came in this week. We had ${n * 7 + 40} responses to the survey.`,
    ],
    [p(5), `What were the main complaints?`],
    [p(3), `People find the settings hard to discover, and several asked for a dark mode.`],
    [p(1), `Dark mode is not much work for us. The settings page needs a proper redesign though.`],
    [p(0), `We decide to ship dark mode first and put the settings redesign into the next quarter.`],
    [p(3), `I will write up the survey results and send them to everyone by ${DAYS[(n + 2) % 5]}.`],
    [p(5), `And I will draft the settings redesign so we can review it in two weeks.`],
  ],
  (p, project, n) => [
    [
      p(4),
      `A quick update on hiring for ${project}. We interviewed ${n + 4} candidates for the engineering role.`,
    ],
    [p(0), `Any strong ones?`],
    [p(4), `Two were very good. One has a lot of experience with payments, the other with mobile.`],
    [p(1), `For this team the payments experience matters more, in my opinion.`],
    [p(0), `Agreed, we make an offer to the candidate with payments experience.`],
    [p(4), `I will send the offer tomorrow and keep the other candidate in the loop for the mobile team.`],
  ],
  (p, project, n) => [
    [p(5), `On security for ${project}: the audit found that some old access keys were never rotated.`],
    [p(2), `How many keys are we talking about?`],
    [p(5), `About ${n + 12}, spread over three services. None of them was misused as far as we can tell.`],
    [p(0), `We agree that every key older than ninety days is rotated this month.`],
    [p(5), `I will rotate them and add an alert for keys that get too old.`],
    [p(3), `I will update the runbook so the next person knows how to do it.`],
  ],
];

const WORDS_PER_SECOND = 165 / 60;

export const longMeeting = (minutes: number): Segment[] => {
  const segments: Segment[] = [];
  let t = 0;
  for (let round = 0; t < minutes * 60; round += 1) {
    const project = PROJECTS[round % PROJECTS.length]!;
    const block = BLOCKS[round % BLOCKS.length]!;
    // Rotate who says what, so owners differ from one round to the next.
    const person = (i: number) => PEOPLE[(i + round) % PEOPLE.length]!;
    for (const [speaker, text] of block(person, project, round)) {
      if (t >= minutes * 60) break;
      const duration = text.split(/\s+/).length / WORDS_PER_SECOND;
      segments.push({
        id: segments.length,
        start: Math.round(t * 10) / 10,
        end: Math.round((t + duration) * 10) / 10,
        text: ` ${text}`,
        speaker,
        words: [],
      });
      t += duration + 0.6;
    }
  }
  return segments;
};
