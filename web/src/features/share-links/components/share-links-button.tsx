import { useEffect, useRef, useState } from 'react';
import { ShareLinkForm } from './share-link-form';
import { ShareLinkList } from './share-link-list';

/** "Share" beside the transcript: a dialog to make a link and to see and revoke the recording's links. */
export function ShareLinksButton({ recordingId }: { recordingId: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-800 hover:bg-slate-50"
      >
        Share
      </button>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby="share-title"
        className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40"
      >
        {open && (
          <div className="flex flex-col gap-5">
            <div className="flex items-start justify-between gap-4">
              <div>
                <h2 id="share-title" className="text-lg font-semibold">
                  Share this transcript
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  Anyone with the link can read it, without an account. They see nothing else of yours.
                </p>
              </div>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100"
                aria-label="Close"
              >
                ✕
              </button>
            </div>
            <ShareLinkForm recordingId={recordingId} />
            <ShareLinkList recordingId={recordingId} />
          </div>
        )}
      </dialog>
    </>
  );
}
