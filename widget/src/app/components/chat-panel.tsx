/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatMessage, VisitorSession } from '../api';
import { MessageBubble } from './message-bubble';
import { OfflineForm } from './offline-form';
import { RatingPrompt } from './rating-prompt';
import { TypingIndicator } from './typing-indicator';

export interface ChatPanelProps {
  readonly messages: readonly ChatMessage[];
  readonly session: VisitorSession | null;
  readonly typing: boolean;
  /** Whether a person has the support queue open now (null until the server has said). */
  readonly teamOnline: boolean | null;
  readonly error: string | null;
  readonly helpBase: string;
  readonly onSend: (text: string) => Promise<boolean>;
  readonly onTalkToPerson: () => void;
  readonly onLeaveEmail: (email: string) => Promise<void>;
  readonly onRate: (rating: number) => void;
  readonly onClose: () => void;
}

const MAX = 2000;

/** The open widget: conversation, status notices and the composer. Pure props, so stories can show each state. */
export const ChatPanel = (p: ChatPanelProps) => {
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [p.messages.length, p.typing]);
  const status = p.session?.status ?? 'active';
  const send = async () => {
    if (!text.trim() || p.typing) return;
    if (await p.onSend(text)) setText('');
  };
  return (
    <section class="panel" aria-label="Support chat">
      <header>
        <div>
          <h1>Scrivo support</h1>
          {p.teamOnline !== null && (
            <p class={p.teamOnline ? 'presence online' : 'presence'}>
              {p.teamOnline ? 'Our team is online' : 'Our team is away, the assistant is here'}
            </p>
          )}
        </div>
        <button type="button" class="icon" aria-label="Close chat" onClick={p.onClose}>
          ×
        </button>
      </header>
      <ol class="messages" ref={list} aria-live="polite">
        <li class="msg msg-assistant">
          <p class="msg-text">
            Hi! Ask me anything about Scrivo. I answer from our help centre, and a person can take over
            anytime.
          </p>
        </li>
        {p.messages.map((m) => (
          <MessageBubble key={m.id} message={m} helpBase={p.helpBase} />
        ))}
        {p.typing && <TypingIndicator />}
      </ol>
      {status === 'escalated' &&
        (p.session?.adminAvailable ? (
          <p class="notice" role="status">
            A person from our team will reply here shortly.
          </p>
        ) : p.session?.identified ? (
          // A signed-in user's account already tells the team who to answer: no email to ask for.
          <p class="notice" role="status">
            Our team is away right now. A person will reply in this chat as soon as they are back.
          </p>
        ) : (
          <OfflineForm contactEmail={p.session?.contactEmail ?? null} onSubmit={p.onLeaveEmail} />
        ))}
      {status === 'resolved' && p.session && <RatingPrompt rating={p.session.rating} onRate={p.onRate} />}
      {p.error && (
        <p class="error" role="alert">
          {p.error}
        </p>
      )}
      <form
        class="composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <textarea
          aria-label="Type your message"
          placeholder="Type your message..."
          maxLength={MAX}
          rows={2}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <button type="submit" disabled={!text.trim() || p.typing}>
          Send
        </button>
      </form>
      {status === 'active' && (
        <button type="button" class="link" onClick={p.onTalkToPerson}>
          Talk to a person
        </button>
      )}
    </section>
  );
};
