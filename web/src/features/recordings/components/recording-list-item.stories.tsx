import type { RecordingListItem as Item } from '@scrivo/contracts/recordings/recordings.contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryRouter } from '../../../components/story-router';
import { RecordingListItem } from './recording-list-item';

const base: Item = {
  id: 'rec-1',
  title: 'JFK inaugural address',
  status: 'completed',
  progress: 1,
  durationSeconds: 11,
  language: 'en',
  languageProbability: 0.98,
  sizeBytes: 352_078,
  mimeType: 'audio/wav',
  mediaKind: 'audio',
  originalFilename: 'jfk.wav',
  options: { language: null, translate: false },
  error: null,
  createdAt: '2025-11-21T19:57:00.000Z',
  updatedAt: '2025-11-21T19:58:00.000Z',
  completedAt: '2025-11-21T19:58:00.000Z',
  snippet: null,
  matchedIn: [],
  folderId: null,
  tagIds: [],
};

const meta = {
  title: 'Recordings/Recording list item',
  component: RecordingListItem,
  args: { recording: base, onRetry: () => {} },
  decorators: [
    (Story) => (
      <StoryRouter>
        <ul className="max-w-xl p-4">
          <Story />
        </ul>
      </StoryRouter>
    ),
  ],
} satisfies Meta<typeof RecordingListItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Completed: Story = {};
export const Uploading: Story = {
  args: {
    recording: { ...base, status: 'uploading', progress: 0.42, durationSeconds: null, language: null },
  },
};
export const Queued: Story = {
  args: { recording: { ...base, status: 'queued', progress: 0, language: null } },
};
export const Transcribing: Story = {
  args: { recording: { ...base, status: 'transcribing', progress: 0.63, language: 'en' } },
};
export const Failed: Story = {
  args: {
    recording: {
      ...base,
      status: 'failed',
      progress: 0,
      error: { code: 'NO_AUDIO_STREAM', message: 'This file has no audio track to transcribe.' },
    },
  },
};
export const Cancelled: Story = { args: { recording: { ...base, status: 'cancelled', progress: 0 } } };
export const SearchMatch: Story = {
  args: {
    query: 'country',
    recording: {
      ...base,
      snippet: 'ask not what your country can do for you, ask what you can do for your country',
      matchedIn: ['transcript'],
    },
  },
};
