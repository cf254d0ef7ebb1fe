import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SignUpForm } from './sign-up-form';

const filled = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
};

const meta = {
  title: 'Auth/Sign-up form',
  component: SignUpForm,
  args: { onSubmit: () => {} },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof SignUpForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1: only the first name shows. */
export const Step1FirstName: Story = {};
/** Step 2: first name valid (green), last name revealed. */
export const Step2LastName: Story = { args: { initialValues: { firstName: 'Ada' }, initialStep: 2 } };
export const Step3Email: Story = {
  args: { initialValues: { firstName: 'Ada', lastName: 'Lovelace' }, initialStep: 3 },
};
export const Step4Password: Story = {
  args: {
    initialValues: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    initialStep: 4,
  },
};
export const Step5ConfirmPassword: Story = {
  args: {
    initialValues: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret-pass',
    },
    initialStep: 5,
  },
};
/** Step 6 before an industry is chosen: no Create Account button yet. */
export const Step6Industry: Story = { args: { initialValues: filled, initialStep: 6 } };
/** Step 6 with a valid industry: Create Account appears. */
export const Step6Ready: Story = {
  args: { initialValues: { ...filled, industry: 'Student' }, initialStep: 6 },
};
/** 'Other (Please Specify)' reveals the required free text. */
export const OtherIndustry: Story = {
  args: {
    initialValues: {
      ...filled,
      industry: 'Other (Please Specify)',
      industryOther: 'Beekeeping',
      hearAboutUs: 'Other',
    },
    initialStep: 6,
  },
};
/** The live hint, then the submit error, when the passwords differ. */
export const PasswordsDoNotMatch: Story = {
  args: { initialValues: { ...filled, confirmPassword: 'secret-pasS', industry: 'Student' }, initialStep: 6 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Passwords don't match")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Create Account' }));
    await expect(canvas.getByText('Passwords do not match')).toBeInTheDocument();
  },
};
/** Submitted: checking the email and sending the code. */
export const Pending: Story = {
  args: { initialValues: { ...filled, industry: 'Student' }, initialStep: 6, pending: true },
};
