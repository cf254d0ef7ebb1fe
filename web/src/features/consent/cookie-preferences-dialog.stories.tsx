import type { Meta, StoryObj } from '@storybook/react-vite';
import { EVERYTHING, NOTHING_OPTIONAL } from '../../lib/consent/consent-store';
import { CookiePreferencesDialog } from './cookie-preferences-dialog';

const meta = {
  title: 'Consent/Cookie preferences dialog',
  component: CookiePreferencesDialog,
  args: { initial: NOTHING_OPTIONAL, onClose: () => {} },
} satisfies Meta<typeof CookiePreferencesDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Necessary cookies are always on; the optional categories start off. */
export const NothingOptional: Story = {};
export const EverythingAccepted: Story = { args: { initial: EVERYTHING } };
export const OnlyFunctional: Story = {
  args: { initial: { ...NOTHING_OPTIONAL, functional: true } },
};
