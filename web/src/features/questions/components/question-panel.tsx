import { MAX_QUESTION_CHARS } from '@scrivo/contracts/questions/questions.contract';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useUsage } from '../../../lib/api/recordings';
import { formatClock } from '../../../lib/time';
import { askQuestion, type FinishedAnswer } from '../api/questions';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

const primary =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';

/** The model cites lines as [L12]; while it writes, the ids are hidden (the finished answer shows the moments). */
const withoutIds = (text: string) => text.replace(/\[\s*L\d+[^\]]*\]?/gi, '');

type Asked =
  | { state: 'idle' }
  | { state: 'asking'; text: string }
  | { state: 'answered'; answer: FinishedAnswer }
  | { state: 'upgrade' }
  | { state: 'failed'; message: string };

/** Questions come with Business Pro: the way to get them, not an error. */
function QuestionUpsell() {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5"
      data-testid="questions-upsell"
    >
      <h3 className="font-semibold text-slate-900">Ask about this recording, part of Business Pro</h3>
      <p className="text-sm text-slate-700">
        Ask what was decided, who does what or what was said about a topic, and get an answer from the
        transcript with the moments it comes from, to play in one click.
      </p>
      <Link to="/plan-selection" className={`${primary} self-start`}>
        Upgrade to Business Pro
      </Link>
    </div>
  );
}

/**
 * The Ask tab: a question answered from this recording only, streamed as it is written, with the moments it
 * cites as buttons that play the recording from there.
 */
export function QuestionPanel({
  recordingId,
  onPlayFrom,
}: {
  recordingId: string;
  onPlayFrom: (seconds: number) => void;
}) {
  const usage = useUsage();
  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState<Asked>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  if (usage.data && usage.data.plan !== 'business_pro') return <QuestionUpsell />;
  if (asked.state === 'upgrade') return <QuestionUpsell />;

  const ask = async (e: React.FormEvent) => {
    e.preventDefault();
    const text = question.trim();
    if (!text || asked.state === 'asking') return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setAsked({ state: 'asking', text: '' });
    try {
      const answer = await askQuestion(recordingId, text, {
        signal: controller.signal,
        onText: (piece) =>
          setAsked((a) => (a.state === 'asking' ? { state: 'asking', text: a.text + piece } : a)),
      });
      setAsked({ state: 'answered', answer });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof HttpError && error.code === 'PLAN_UPGRADE_REQUIRED')
        setAsked({ state: 'upgrade' });
      else
        setAsked({
          state: 'failed',
          message:
            error instanceof HttpError
              ? error.serverMessage
              : 'The answer could not be fetched. Please try again.',
        });
    }
  };

  return (
    <section className="flex flex-col gap-4 py-4" data-testid="questions">
      <form onSubmit={(e) => void ask(e)} className="flex flex-col gap-2">
        <label htmlFor="question" className="text-sm font-medium text-slate-800">
          Ask about this recording
        </label>
        <div className="flex gap-2">
          <Input
            id="question"
            type="text"
            value={question}
            maxLength={MAX_QUESTION_CHARS}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            placeholder="What was decided about the budget?"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <Button
            variant="unstyled"
            type="submit"
            className={primary}
            disabled={!question.trim() || asked.state === 'asking'}
          >
            {asked.state === 'asking' ? 'Answering…' : 'Ask'}
          </Button>
        </div>
        <p className="text-xs text-slate-500">
          Answered from this recording&rsquo;s transcript only, by the language model on this server.
        </p>
      </form>

      <div aria-live="polite" data-testid="answer">
        {asked.state === 'asking' && (
          <p className="whitespace-pre-wrap text-slate-800">
            {withoutIds(asked.text) || <span className="text-slate-500">Reading the recording…</span>}
          </p>
        )}
        {asked.state === 'answered' && asked.answer.notInRecording && (
          <p className="text-slate-800">Not in this recording.</p>
        )}
        {asked.state === 'answered' && !asked.answer.notInRecording && (
          <div className="flex flex-col gap-3">
            <p className="whitespace-pre-wrap text-slate-900">{asked.answer.answer}</p>
            <ul aria-label="Moments" className="flex flex-col gap-1">
              {asked.answer.citations.map((c) => (
                <li key={c.line} className="flex items-baseline gap-2 text-sm text-slate-700">
                  <Button
                    variant="unstyled"
                    onClick={() => onPlayFrom(c.start)}
                    className="rounded px-1 font-mono text-xs text-brand-700 hover:bg-brand-50"
                    aria-label={`Play from ${formatClock(c.start)}`}
                  >
                    {formatClock(c.start)}
                  </Button>
                  <span>{c.text}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {asked.state === 'failed' && (
          <p role="alert" className="text-sm text-red-900">
            {asked.message}
          </p>
        )}
      </div>
    </section>
  );
}
