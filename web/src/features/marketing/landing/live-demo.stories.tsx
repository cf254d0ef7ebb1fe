import type { Meta, StoryObj } from '@storybook/react-vite';
import LiveDemo from './live-demo';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/7 Live demo',
  component: LiveDemo,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof LiveDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
