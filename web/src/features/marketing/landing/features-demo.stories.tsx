import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FeaturesDemo } from './features-demo';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/5 Features demo',
  component: FeaturesDemo,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof FeaturesDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
/** Upload is shown first; the toggle switches to the live-recording pane. */
export const RecordLive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Record Live' }));
    await expect(canvas.getByRole('radio', { name: 'Record Live' })).toHaveAttribute('aria-checked', 'true');
  },
};
