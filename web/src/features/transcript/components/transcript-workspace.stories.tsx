import type { Meta, StoryObj } from '@storybook/react-vite';
import jfkAudio from '../fixtures/jfk.mp3?url';
import jfkOutput from '../fixtures/jfk.transcript.json';
import twoSpeakersAudio from '../fixtures/two-speakers.mp3?url';
import twoSpeakersOutput from '../fixtures/two-speakers.transcript.json';
import { CopyAllButton } from './copy-all-button';
import { TranscriptWorkspace } from './transcript-workspace';

// The fixtures are the engine's output; the API adds the editor's version to what it serves.
const jfk = { ...jfkOutput, version: 1, editedAt: null };
const twoSpeakers = { ...twoSpeakersOutput, version: 1, editedAt: null };

/** The real transcript of the JFK clip (see fixtures/README.md), played against the real audio. */
const meta = {
  title: 'Transcript/Workspace',
  component: TranscriptWorkspace,
  parameters: { layout: 'fullscreen' },
  args: {
    recording: {
      mediaKind: 'audio',
      durationSeconds: jfk.durationSeconds,
      createdAt: jfk.createdAt,
      options: { language: null, translate: false },
      sizeBytes: 44_577,
    },
    transcript: jfk,
    mediaUrl: jfkAudio,
    heading: <h1 className="text-2xl font-bold tracking-tight">JFK inaugural address</h1>,
    actions: <CopyAllButton transcript={jfk} />,
  },
} satisfies Meta<typeof TranscriptWorkspace>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Audio: Story = {};

/** A real two-person call (speaker turns from the sample's reference annotation; see fixtures/README.md). */
export const WithSpeakerLabels: Story = {
  args: {
    recording: {
      ...meta.args.recording,
      durationSeconds: 30,
    },
    transcript: twoSpeakers,
    mediaUrl: twoSpeakersAudio,
    heading: <h1 className="text-2xl font-bold tracking-tight">Phone call</h1>,
  },
};

export const NoSpeech: Story = { args: { transcript: { ...jfk, segments: [] } } };

/** A link shared without its media: the transcript alone, no player. */
export const TranscriptOnly: Story = { args: { mediaUrl: null } };
