import type { ChatMessage } from '@scrivo/contracts';
import { SafeMarkdown } from '../../../components/ui/safe-markdown';
import { formatTime } from '../labels';

const AUTHOR = { user: 'Visitor', assistant: 'Assistant', admin: 'Support' } as const;

/**
 * Visitors' and admins' words are rendered as text: markup they send is shown, never interpreted. The
 * assistant answers in Markdown (tables, lists), rendered as the widget shows it, raw HTML still as text.
 */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'admin';
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-role={message.role}>
      <div
        className={`max-w-[80%] rounded-2xl px-4 py-2 ${
          mine
            ? 'bg-brand-600 text-white'
            : message.role === 'assistant'
              ? 'bg-indigo-50 text-slate-900'
              : 'bg-slate-100 text-slate-900'
        }`}
      >
        <div
          className={`mb-1 flex flex-wrap items-center gap-2 text-xs ${mine ? 'text-indigo-100' : 'text-slate-500'}`}
        >
          <span className="font-semibold">{AUTHOR[message.role]}</span>
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {message.confidenceScore !== null && (
            <span>Confidence {Math.round(message.confidenceScore * 100)}%</span>
          )}
          {message.needsHumanReview && (
            <span className="rounded bg-amber-200 px-1.5 py-0.5 font-semibold text-amber-900">
              Needs Review
            </span>
          )}
        </div>
        {message.role === 'assistant' ? (
          <SafeMarkdown source={message.content} />
        ) : (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        )}
        {message.sources.length > 0 && (
          <p className="mt-1 text-xs text-slate-500">
            Source: {message.sources.map((s) => s.title).join(', ')}
          </p>
        )}
      </div>
    </li>
  );
}
