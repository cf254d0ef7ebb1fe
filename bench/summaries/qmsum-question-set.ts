// QMSum's specific questions about AMI meetings, read as the question benches use them (qmsum-questions.ts for what
// retrieval reads, qmsum-answers.ts for what the model answers): one transcript line per turn, and each question's
// answer span as line numbers.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { numberLines, type TranscriptLine } from '@scrivo/domain/questions';
import type { Segment } from '@scrivo/domain/recordings';
import { asWritten } from './qmsum-score';

const DATA = process.env.SCRIVO_QMSUM_DIR ?? '/work/shared/meetings/qmsum-dev';

interface QmsumMeeting {
  meeting_transcripts: { speaker: string; content: string }[];
  specific_query_list: { query: string; answer: string; relevant_text_span: [string, string][] }[];
}

export interface QuestionMeeting {
  readonly name: string;
  readonly segments: readonly Segment[];
  readonly lines: readonly TranscriptLine[];
  readonly questions: readonly {
    readonly query: string;
    readonly answer: string;
    /** The lines of the turns that hold the answer (turns of more than two words). */
    readonly span: ReadonlySet<number>;
  }[];
}

export const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const clean = (text: string) =>
  asWritten(text)
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\s+([.,?!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** The AMI meetings of a split (ES, IS, TS), in name order. */
export const questionMeetings = (split: string): QuestionMeeting[] =>
  readdirSync(join(DATA, split))
    .filter((f) => /^(ES|IS|TS)/.test(f))
    .sort()
    .map((file) => {
      const meeting = JSON.parse(readFileSync(join(DATA, split, file), 'utf8')) as QmsumMeeting;
      // One segment per turn, so a turn's index is its line number less one (empty turns stay, as blank lines).
      const segments: Segment[] = meeting.meeting_transcripts.map((t, id) => ({
        id,
        start: id * 5,
        end: id * 5 + 5,
        text: clean(t.content),
        speaker: t.speaker,
        words: [],
      }));
      const questions = meeting.specific_query_list.map((q) => {
        const span = new Set<number>();
        for (const [from, to] of q.relevant_text_span)
          for (let turn = Number(from); turn <= Number(to); turn += 1)
            if (words(segments[turn]?.text ?? '') > 2) span.add(turn + 1);
        return { query: q.query, answer: q.answer, span };
      });
      return { name: file.replace('.json', ''), segments, lines: numberLines(segments), questions };
    });
