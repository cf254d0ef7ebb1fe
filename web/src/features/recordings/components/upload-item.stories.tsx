import type { Meta, StoryObj } from '@storybook/react-vite';
import type { UploadItem as Item } from '../upload/upload-queue';
import { UploadItem } from './upload-item';

const base: Item = {
  key: 'story',
  fileName: 'Quarterly planning call.m4a',
  size: 48_300_000,
  title: 'Quarterly planning call',
  bytesSent: 19_800_000,
  bytesPerSecond: 2_400_000,
  secondsLeft: 12,
  phase: 'uploading',
  refusal: null,
  recordingId: 'r1',
  resumed: false,
};

const meta = {
  title: 'Recordings/Upload item',
  component: UploadItem,
  args: { item: base, onCancel: () => {}, onRetry: () => {}, onDismiss: () => {}, onKeep: () => {} },
  decorators: [
    (Story) => (
      <ul className="max-w-xl p-4">
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof UploadItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Uploading: Story = {};
export const ResumedAfterReload: Story = {
  args: { item: { ...base, resumed: true, bytesSent: 30_100_000 } },
};
export const Resuming: Story = {
  args: { item: { ...base, phase: 'resuming', bytesPerSecond: null, secondsLeft: null } },
};
export const ConnectionLost: Story = { args: { item: { ...base, phase: 'offline', bytesPerSecond: null } } };
export const Uploaded: Story = {
  args: { item: { ...base, phase: 'done', bytesSent: base.size, secondsLeft: 0 } },
};
export const RefusedType: Story = {
  args: {
    item: {
      ...base,
      fileName: 'notes.pdf',
      phase: 'refused',
      bytesSent: 0,
      refusal: {
        message:
          '“notes.pdf” is not an audio or video file. Scrivo transcribes MP3, WAV, M4A, WEBM, MP4 and other common audio and video formats.',
        upgrade: false,
      },
    },
  },
};
export const RefusedUnreadable: Story = {
  args: {
    item: {
      ...base,
      fileName: 'notes.mp3',
      phase: 'refused',
      bytesSent: 0,
      refusal: {
        message:
          'This file has no audio we can read: it is not an audio or video format, whatever its name says.',
        upgrade: false,
        keepable: true,
      },
    },
  },
};
export const RefusedPlanAllowance: Story = {
  args: {
    item: {
      ...base,
      phase: 'refused',
      bytesSent: 0,
      refusal: { message: 'You have used all 5 minutes of your Free plan this month.', upgrade: true },
    },
  },
};
export const Stopped: Story = {
  args: {
    item: {
      ...base,
      phase: 'failed',
      refusal: {
        message:
          'The upload stopped: the server could not be reached. It will continue from where it stopped.',
        upgrade: false,
      },
    },
  },
};
export const NeedsTheFileAgain: Story = {
  args: {
    item: {
      ...base,
      phase: 'needs-file',
      resumed: true,
      refusal: {
        message: 'Choose “Quarterly planning call.m4a” again to finish its upload.',
        upgrade: false,
      },
    },
  },
};
