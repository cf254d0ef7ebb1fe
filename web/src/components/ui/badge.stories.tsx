import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './badge';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'Popular' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The Popular plan marker. */
export const Brand: Story = { args: { tone: 'brand' } };
export const Success: Story = { args: { tone: 'success', children: 'Current plan' } };
export const Neutral: Story = { args: { tone: 'neutral', children: 'Coming soon' } };
