import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PricingSection } from './pricing-section';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/9 Pricing',
  component: PricingSection,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof PricingSection>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
/** Weekly by default; Monthly shows the monthly prices with the former prices struck through. */
export const Monthly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Monthly' }));
    await expect(canvas.getByText('$9.99')).toBeInTheDocument();
  },
};
