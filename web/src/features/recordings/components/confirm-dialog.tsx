import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}

/** A modal question with a destructive answer; keeping the recording is the focused, safe choice. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" size="compact" onClick={onClose} autoFocus>
          Keep it
        </Button>
        <Button variant="danger" size="compact" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
