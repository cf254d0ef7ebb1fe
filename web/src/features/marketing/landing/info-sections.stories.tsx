import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProfessionalFeatures, SecuritySection, WhyChoose } from './info-sections';
import { inEnglish, inFrench, inSpanish, withSite } from './story-support';

const meta = {
  title: 'Landing/6 Professional features, why choose, security',
  component: ProfessionalFeatures,
  decorators: [withSite],
  parameters: { layout: 'fullscreen' },
  ...inEnglish,
} satisfies Meta<typeof ProfessionalFeatures>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Professional: Story = {};
export const ProfessionalInSpanish: Story = inSpanish;
export const Why: Story = { render: (args) => <WhyChoose {...args} /> };
export const WhyInFrench: Story = { ...inFrench, render: (args) => <WhyChoose {...args} /> };
export const Security: Story = { render: (args) => <SecuritySection {...args} /> };
export const SecurityInSpanish: Story = { ...inSpanish, render: (args) => <SecuritySection {...args} /> };
