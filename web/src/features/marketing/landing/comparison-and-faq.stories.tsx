import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Comparison, FaqSection, FinalCta } from './comparison-and-faq';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/10 Comparison, FAQ and final call to action',
  component: Comparison,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof Comparison>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeWayComparison: Story = {};
export const ComparisonInSpanish: Story = inSpanish;
export const Faq: Story = { render: (args) => <FaqSection {...args} /> };
/** Eight questions in French; one answer open at a time. */
export const FaqInFrench: Story = {
  ...inFrench,
  render: (args) => <FaqSection {...args} />,
  play: async ({ canvasElement }) => {
    const questions = within(canvasElement).getAllByRole('button');
    await expect(questions).toHaveLength(8);
    await userEvent.click(questions[0]!);
    await expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
  },
};
export const CallToAction: Story = { render: (args) => <FinalCta {...args} /> };
