/** @jsxImportSource preact */
import type { ChatMessage } from '../api';
import { Markdown } from './markdown';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const AUTHOR = { user: 'You', assistant: 'Assistant', admin: 'Support team' } as const;

/**
 * One message. The assistant's answers are Markdown (see Markdown); what visitors and staff type is rendered as text
 * (Preact escapes it), so markup a visitor types stays visible text.
 */
export const MessageBubble = ({ message, helpBase }: { message: ChatMessage; helpBase: string }) => (
  <li class={`msg msg-${message.role}`} data-role={message.role}>
    <div class="msg-meta">
      <span class="msg-author">{AUTHOR[message.role]}</span>
      {message.role === 'assistant' && <span class="badge">AI answer</span>}
      <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
    </div>
    {message.role === 'assistant' ? (
      <Markdown source={message.content} />
    ) : (
      <p class="msg-text">{message.content}</p>
    )}
    {message.sources.length > 0 && (
      <p class="msg-source">
        From:{' '}
        {message.sources.map((s) => (
          <a
            key={s.slug}
            href={`${helpBase}/help/${encodeURIComponent(s.slug)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {s.title}
          </a>
        ))}
      </p>
    )}
  </li>
);
