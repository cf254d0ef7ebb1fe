import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Save changes' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A form's main action, across the form's width. */
export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Back to Sign In' } };
/** The answer to a destructive question, in a dialog. */
export const Danger: Story = { args: { variant: 'danger', size: 'compact', children: 'Delete' } };
export const LinkLike: Story = { args: { variant: 'link', children: 'Forgot password?' } };
/** While its request runs: disabled, aria-busy, and saying what it is doing. */
export const Busy: Story = { args: { busy: true, busyLabel: 'Saving...' } };
/** The caller's classes are its whole look (a tab, a timestamp, a toolbar icon). */
export const Unstyled: Story = {
  args: {
    variant: 'unstyled',
    className: 'rounded px-1 font-mono text-xs text-brand-700 hover:bg-brand-50',
    children: '01:23',
  },
};
