import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { ShareLinkForm } from './share-link-form';
import { ShareLinkList } from './share-link-list';
import { Button } from '../../../components/ui/button';

/** "Share" beside the transcript: a dialog to make a link and to see and revoke the recording's links. */
export function ShareLinksButton({ recordingId }: { recordingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="unstyled"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-800 hover:bg-slate-50"
      >
        Share
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Share this transcript"
        description="Anyone with the link can read it, without an account. They see nothing else of yours."
        closable
        size="md"
      >
        <div className="mt-5 flex flex-col gap-5">
          <ShareLinkForm recordingId={recordingId} />
          <ShareLinkList recordingId={recordingId} />
        </div>
      </Dialog>
    </>
  );
}
