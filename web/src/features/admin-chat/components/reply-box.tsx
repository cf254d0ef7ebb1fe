import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** 'Send Reply' and 'Send & Resolve', both disabled while the text is blank or a send is pending (spec 5). */
export function ReplyBox({
  pending,
  onSend,
}: {
  pending: boolean;
  onSend: (content: string, markResolved: boolean) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const disabled = pending || text.trim() === '';
  const send = async (markResolved: boolean) => {
    if (disabled) return;
    if (await onSend(text.trim(), markResolved)) setText('');
  };
  return (
    <form
      className="space-y-2 border-t border-slate-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void send(false);
      }}
    >
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Type your response..."
        aria-label="Type your response..."
        maxLength={2000}
        rows={3}
        className="w-full resize-none rounded-lg border border-slate-300 p-2 focus:border-brand-500 focus:outline-none"
      />
      <div className="flex justify-end gap-2">
        <Button
          variant="unstyled"
          type="submit"
          disabled={disabled}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 disabled:opacity-50"
        >
          Send Reply
        </Button>
        <Button
          variant="unstyled"
          disabled={disabled}
          onClick={() => void send(true)}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white disabled:opacity-50"
        >
          Send &amp; Resolve
        </Button>
      </div>
    </form>
  );
}
