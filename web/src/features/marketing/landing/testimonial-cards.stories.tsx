import type { Meta, StoryObj } from '@storybook/react-vite';
import { TestimonialCards } from './testimonial-cards';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/4 Testimonial cards',
  component: TestimonialCards,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof TestimonialCards>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
