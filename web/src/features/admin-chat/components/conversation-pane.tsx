import type { AdminSessionDetail } from '@scrivo/contracts';
import { useEffect, useRef } from 'react';
import { tierLabel } from '../labels';
import { MessageBubble } from './message-bubble';
import { ReplyBox } from './reply-box';
import { StatusBadge } from './session-list-item';
import { Button } from '../../../components/ui/button';

export function EmptyConversation() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-slate-500">
      <h2 className="text-lg font-semibold text-slate-700">Select a Conversation</h2>
      <p className="text-sm">Choose a chat from the list to read it and reply.</p>
    </div>
  );
}

/** The right pane: who the visitor is, the conversation, and the reply box. */
export function ConversationPane({
  detail,
  sending,
  closing,
  onSend,
  onClose,
}: {
  detail: AdminSessionDetail;
  sending: boolean;
  closing: boolean;
  onSend: (content: string, markResolved: boolean) => Promise<boolean>;
  onClose: () => void;
}) {
  const { session, messages, userContext } = detail;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [messages.length]);
  return (
    <section className="flex h-full min-h-0 flex-col" aria-label="Conversation">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-6 py-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">Chat #{session.sessionId.slice(-8)}</h2>
          <p className="truncate text-sm text-slate-600">
            {userContext.accountInfo.email ?? 'Anonymous User'} · {tierLabel(userContext.subscription.tier)} ·{' '}
            {userContext.subscription.usage} minutes used
          </p>
          <p className="truncate text-xs text-slate-500">{session.contextPage}</p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <StatusBadge status={session.status} />
          {session.status !== 'resolved' && (
            <Button
              variant="unstyled"
              onClick={onClose}
              disabled={closing}
              className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
            >
              Close Chat
            </Button>
          )}
        </div>
      </header>
      <ol ref={list} className="min-h-0 flex-1 space-y-3 overflow-y-auto px-6 py-4">
        {messages.length === 0 && <li className="text-center text-sm text-slate-500">No messages yet.</li>}
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
      </ol>
      {session.rating !== null && (
        <p className="px-6 pb-2 text-sm text-slate-600">Visitor rating: {session.rating} of 5</p>
      )}
      <ReplyBox pending={sending} onSend={onSend} />
    </section>
  );
}
