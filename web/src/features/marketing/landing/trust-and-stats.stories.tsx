import type { Meta, StoryObj } from '@storybook/react-vite';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';
import { Stats, TrustBadges } from './trust-and-stats';

const meta = {
  title: 'Landing/3 Trust badges and stats',
  component: TrustBadges,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof TrustBadges>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Badges: Story = {};
export const BadgesInSpanish: Story = inSpanish;
export const Statistics: Story = { render: (args) => <Stats {...args} /> };
export const StatisticsInFrench: Story = { ...inFrench, render: (args) => <Stats {...args} /> };
