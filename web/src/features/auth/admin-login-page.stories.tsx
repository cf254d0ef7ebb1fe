import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryRouter } from '../../components/story-router';
import { AdminLoginPage } from './admin-login-page';

const meta = {
  title: 'Auth/Admin login',
  component: AdminLoginPage,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <StoryRouter>{Story()}</StoryRouter>],
} satisfies Meta<typeof AdminLoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** While the call is pending the button reads 'Signing in...'. */
export const SigningIn: Story = { args: { pendingOverride: true } };
