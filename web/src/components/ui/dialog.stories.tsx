import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentProps, useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: {
    open: true,
    onClose: () => {},
    title: 'Delete this recording?',
    children: (
      <p className="mt-2 text-sm text-slate-700">Its transcript, summary and share links go with it.</p>
    ),
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from a button; Escape or ✕ closes it and focus returns to the button. */
export const FromAButton: Story = {
  render: (args) => <OpenedFromAButton {...args} />,
};

function OpenedFromAButton(args: ComponentProps<typeof Dialog>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact" onClick={() => setOpen(true)}>
        Open the dialog
      </Button>
      <Dialog {...args} open={open} onClose={() => setOpen(false)} closable />
    </>
  );
}
/** With a line under the title and a close button, as the share dialog has. */
export const WithDescription: Story = {
  args: {
    title: 'Share this transcript',
    description: 'Anyone with the link can read it, without an account.',
    closable: true,
    size: 'md',
  },
};
