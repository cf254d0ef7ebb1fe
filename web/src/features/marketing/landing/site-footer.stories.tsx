import type { Meta, StoryObj } from '@storybook/react-vite';
import SiteFooter from './site-footer';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/11 Footer',
  component: SiteFooter,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof SiteFooter>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Spanish: Story = inSpanish;
export const French: Story = inFrench;
