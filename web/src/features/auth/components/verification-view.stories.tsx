import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { VerificationView } from './verification-view';

const meta = {
  title: 'Auth/Verification view',
  component: VerificationView,
  args: { email: 'ada@example.com', onVerify: () => {}, onResend: () => {}, onBack: () => {} },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof VerificationView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** After sign-up: Resend Code and Back to Registration. */
export const AfterSignUp: Story = {};
/** After an EMAIL_NOT_VERIFIED sign-in the way back leads to sign-in. */
export const AfterSignIn: Story = { args: { backLabel: 'Back to Sign In' } };
export const NotSixDigits: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Verification code'), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify Email' }));
    await expect(canvas.getByText('Please enter the 6-digit code from the email')).toBeInTheDocument();
  },
};
export const Verifying: Story = { args: { pending: true } };
export const Resending: Story = { args: { resending: true } };
