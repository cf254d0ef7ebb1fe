import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SignInForm } from './sign-in-form';

const meta = {
  title: 'Auth/Sign-in form',
  component: SignInForm,
  args: { onSubmit: () => {}, onForgotPassword: () => {} },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof SignInForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithEmail: Story = { args: { initialEmail: 'ada@example.com' } };
/** Both fields are required. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(canvas.getByText('Email is required')).toBeInTheDocument();
    await expect(canvas.getByText('Password is required')).toBeInTheDocument();
  },
};
export const SigningIn: Story = { args: { initialEmail: 'ada@example.com', pending: true } };
