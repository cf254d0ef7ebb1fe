import { Link } from '@tanstack/react-router';
import { SaveStatusText } from './save-status';
import type { TranscriptEditor } from './use-transcript-editor';
import { Button } from '../../../components/ui/button';

/** Above the transcript: the save state and what to do when saving cannot go on by itself. */
export function EditorNotices({ editor }: { editor: TranscriptEditor }) {
  const { status } = editor;
  if (status.kind === 'conflict')
    return (
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        <p>
          This transcript was changed in another tab or on another device since you opened it. Your edits are
          kept on this device.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="unstyled"
            onClick={() => void editor.reloadLatest()}
            className="rounded-lg bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
          >
            Load the latest version
          </Button>
          <Button
            variant="unstyled"
            onClick={editor.keepMine}
            className="rounded-lg border border-amber-300 px-3 py-1.5 font-medium hover:bg-amber-100"
          >
            Keep my edits and save them
          </Button>
        </div>
      </div>
    );
  if (status.kind === 'error')
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
        {status.message}
      </p>
    );
  return null;
}

export { SaveStatusText };

/** Free plan: the transcript stays read-only, with a pointer to the plans that include the editor. */
export function EditorUpsell() {
  return (
    <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-700" data-testid="editor-upsell">
      Fix words and name speakers with the transcript editor, part of Premium and Business Pro.{' '}
      <Link to="/plan-selection" className="font-semibold text-brand-700 underline">
        See plans
      </Link>
    </p>
  );
}
