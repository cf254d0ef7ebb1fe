import type { Meta, StoryObj } from '@storybook/react-vite';
import { LandingPage } from './landing-page';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/0 Whole page',
  component: LandingPage,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof LandingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
