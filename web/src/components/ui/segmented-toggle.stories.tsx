import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { SegmentedToggle, type ToggleOption } from './segmented-toggle';

function Controlled({ label, options }: { label: string; options: readonly ToggleOption<string>[] }) {
  const [value, setValue] = useState(options[0]!.value);
  return <SegmentedToggle label={label} options={options} value={value} onChange={setValue} />;
}

const meta = {
  title: 'UI/Segmented toggle',
  component: Controlled,
  args: {
    label: 'Billing period',
    options: [
      { value: 'weekly', label: 'Weekly' },
      { value: 'monthly', label: 'Monthly' },
    ],
  },
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BillingPeriod: Story = {};
export const UploadOrRecord: Story = {
  args: {
    label: 'Demo',
    options: [
      { value: 'upload', label: 'Upload Audio' },
      { value: 'record', label: 'Record Live' },
    ],
  },
};
export const ThreeOptions: Story = {
  args: {
    label: 'Language',
    options: [
      { value: 'en', label: 'English' },
      { value: 'es', label: 'Español' },
      { value: 'fr', label: 'Français' },
    ],
  },
};
/** A radio group: the arrow keys move the choice and the focus, wrapping at the ends. */
export const KeyboardChoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Weekly' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
  },
};
