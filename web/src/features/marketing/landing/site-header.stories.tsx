import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SiteHeader } from './site-header';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/1 Site header',
  component: SiteHeader,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof SiteHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
/** On an article page the anchors point back to the landing page. */
export const OnAnotherPage: Story = { args: { anchorBase: '/' } };
/** The language menu is a native disclosure: it opens on click or Enter. */
export const LanguageMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByLabelText('Language: English'));
    await expect(within(canvasElement).getByRole('link', { name: 'Français' })).toBeVisible();
  },
};
