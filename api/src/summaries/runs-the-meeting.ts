import { commitsOnlyToTheMeeting } from './committed-task';
import { FIGURE_STATED } from './line-selection';
import { contentWords } from './words';

/**
 * What a chair says to run a meeting, which a 1.5B model lists as decisions: "We will get back to that.", "We will
 * discuss that later.", "We will think about what we will make." (issue 41, AMI TS3010a). Their words say only what
 * the meeting will do next, never what about.
 */

// Stems of the words that run a meeting: talk of talking, coming back, starting and going on.
const RUNNING = new Set(
  contentWords(
    'discuss discussed discussion talk talked get got back later now first next then again start begin continue ' +
      'finish end stop move go come look see think thought make made do done wait try meet meeting point points ' +
      'thing things bit lot part will shall so',
  ),
);

/** Words that carry meaning in a line that says little beside what the meeting does next. */
const SHORT = 5;

// A decision says what was agreed or decided in so many words: not only what the meeting does next.
const SETTLED = /\b(?:agree\w*|decid\w*|decision|settle\w*|go with|choose|chose)\b/i;

/**
 * A decision or point that says only what the meeting does next ("We will discuss that later.", "Next. Let's talk
 * about money."), with no figure.
 */
export const runsTheMeeting = (text: string, language = 'en'): boolean => {
  if (FIGURE_STATED.test(text)) return false;
  const said = text.replace(/^[^:]{1,40}:\s+/, '');
  const words = contentWords(said, language);
  // A short line whose only "let's" or "we'll" leads to what runs the meeting; a longer one says more beside it
  // ("we want to practice using some of the tools that we'll be using ..., specifically the whiteboard").
  return (
    // A contraction ("we'll") or a word broken off ("get back th on that") says nothing either.
    words.every((w) => w.includes("'") || (w.length < 3 && !/^\d/.test(w)) || RUNNING.has(w)) ||
    (words.filter((w) => !w.includes("'")).length <= SHORT &&
      !SETTLED.test(said) &&
      commitsOnlyToTheMeeting(said))
  );
};
