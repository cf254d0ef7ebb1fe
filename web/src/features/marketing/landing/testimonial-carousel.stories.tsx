import type { Meta, StoryObj } from '@storybook/react-vite';
import { TestimonialCarousel } from './testimonial-carousel';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/8 Testimonial carousel',
  component: TestimonialCarousel,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof TestimonialCarousel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
/** Faster rotation to watch it wrap over the four items. */
export const EverySecond: Story = { args: { intervalMs: 1000 } };
