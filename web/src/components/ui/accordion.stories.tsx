import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion } from './accordion';

const meta = {
  title: 'UI/Accordion',
  component: Accordion,
  args: {
    items: [
      {
        question: 'Which files can I upload?',
        answer: 'MP3, WAV, M4A, AAC, OGG, FLAC and WebM audio, and MP4 or MOV video, up to 1 GB.',
      },
      {
        question: 'Can I host Scrivo myself?',
        answer: 'Yes. One Node.js process with its speech worker; your audio stays on your server.',
      },
      {
        question: 'Which export formats are there?',
        answer: 'TXT, SRT, VTT, JSON, DOCX and PDF.',
      },
    ],
  },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof Accordion>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllClosed: Story = {};
export const FirstOpen: Story = { args: { initiallyOpen: 0 } };
/** One answer open at a time; pressing the open question closes it again. */
export const OneAtATime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, second] = canvas.getAllByRole('button');
    await userEvent.click(first!);
    await userEvent.click(second!);
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second!);
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  },
};
