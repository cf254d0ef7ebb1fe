import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from './field';

const meta = {
  title: 'UI/Field',
  component: Field,
  args: { label: 'Email', type: 'email', placeholder: 'you@example.com' },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithHint: Story = { args: { hint: 'We send the sign-in code here.' } };
/** The live check passed: a green border. */
export const Valid: Story = { args: { valid: true, defaultValue: 'ada@example.com' } };
/** The error is announced with the field (aria-describedby, aria-invalid). */
export const WithError: Story = { args: { error: 'Enter a valid email address.', defaultValue: 'ada@' } };
