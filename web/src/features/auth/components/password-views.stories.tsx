import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ForgotPasswordView } from './forgot-password-view';
import { ResetPasswordView } from './reset-password-view';

const meta = {
  title: 'Auth/Password views',
  component: ForgotPasswordView,
  args: { onSubmit: () => {}, onBack: () => {} },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof ForgotPasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ForgotPassword: Story = { args: { initialEmail: 'ada@example.com' } };
export const ForgotPasswordSending: Story = { args: { initialEmail: 'ada@example.com', pending: true } };

export const SetNewPasswordChecking: Story = {
  render: () => <ResetPasswordView checking onSubmit={() => {}} onBack={() => {}} />,
};
export const SetNewPassword: Story = {
  render: () => <ResetPasswordView email="ada@example.com" onSubmit={() => {}} onBack={() => {}} />,
};
export const SetNewPasswordMismatch: Story = {
  render: () => <ResetPasswordView email="ada@example.com" onSubmit={() => {}} onBack={() => {}} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password'), 'secret-pass');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'secret-pasS');
    await userEvent.click(canvas.getByRole('button', { name: 'Update Password' }));
    await expect(canvas.getByText('Passwords do not match')).toBeInTheDocument();
  },
};
