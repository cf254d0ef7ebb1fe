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
      'thing things bit lot part will shall',
  ),
);

/** A decision or point that says only what the meeting does next ("We will discuss that later."), with no figure. */
export const runsTheMeeting = (text: string, language = 'en'): boolean =>
  !FIGURE_STATED.test(text) &&
  contentWords(text.replace(/^[^:]{1,40}:\s+/, ''), language).every((w) => RUNNING.has(w));
