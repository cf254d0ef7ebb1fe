import type { Meta, StoryObj } from '@storybook/react-vite';
import { Icon, ICON_NAMES } from './icons';

function Gallery({ className }: { className: string }) {
  return (
    <ul className="grid grid-cols-4 gap-4 sm:grid-cols-6">
      {ICON_NAMES.map((name) => (
        <li key={name} className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 p-3">
          <Icon name={name} className={className} />
          <code className="text-xs text-slate-600">{name}</code>
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'UI/Icons',
  component: Gallery,
  args: { className: 'h-6 w-6 text-brand-700' },
} satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const All: Story = {};
export const Large: Story = { args: { className: 'h-12 w-12 text-slate-900' } };
/** Icons take the text colour, so they follow the surrounding tone. */
export const OnDark: Story = {
  args: { className: 'h-6 w-6 text-white' },
  decorators: [(Story) => <div className="rounded-xl bg-slate-900 p-4">{Story()}</div>],
};
