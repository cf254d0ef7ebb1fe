import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CHOICE_KEY, PREFERENCES_KEY } from '../../lib/consent/consent-store';
import { CookieBanner } from './cookie-banner';

const meta = {
  title: 'Consent/Cookie banner',
  component: CookieBanner,
  args: { delayMs: 0 },
  parameters: { layout: 'fullscreen' },
  // A first visit: no stored choice, so the banner appears.
  beforeEach: () => {
    localStorage.removeItem(CHOICE_KEY);
    localStorage.removeItem(PREFERENCES_KEY);
  },
  decorators: [(Story) => <div className="min-h-64">{Story()}</div>],
} satisfies Meta<typeof CookieBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstVisit: Story = {};
/** In the site the banner waits one second after load. */
export const AfterOneSecond: Story = { args: { delayMs: 1000 } };
export const PreferencesOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Preferences' }));
    await expect(within(document.body).getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
  },
};
