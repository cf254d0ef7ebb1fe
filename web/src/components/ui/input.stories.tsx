import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox, Input, Radio } from './input';

const meta = {
  title: 'UI/Input',
  component: Input,
  args: {
    type: 'search',
    'aria-label': 'Search conversations',
    placeholder: 'Search conversations...',
    className: 'w-64 rounded-lg border border-slate-300 px-3 py-2 text-sm',
  },
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A search box: named by its aria-label, not a labelled form field. */
export const Search: Story = {};
export const Slider: Story = {
  args: { type: 'range', 'aria-label': 'Step', min: 0, max: 10, defaultValue: 3, className: 'w-48' },
};
/** Its text is its label. */
export const CheckboxInItsLabel: Story = {
  render: () => (
    <label className="flex items-center gap-2 text-sm">
      <Checkbox className="accent-brand-600" defaultChecked /> Send me a copy
    </label>
  ),
};
export const RadioGroup: Story = {
  render: () => (
    <fieldset className="flex gap-4 text-sm">
      <label className="flex items-center gap-2">
        <Radio name="source" value="microphone" defaultChecked /> Microphone
      </label>
      <label className="flex items-center gap-2">
        <Radio name="source" value="tab" /> Tab audio
      </label>
    </fieldset>
  ),
};
