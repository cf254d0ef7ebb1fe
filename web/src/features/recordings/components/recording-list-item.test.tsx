import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RecordingListItem as Item } from '@scrivo/contracts/recordings/recordings.contract';
import { RecordingListItem } from './recording-list-item';

const failed = (code: string, message: string): Item => ({
  id: 'rec-1',
  title: 'Notes',
  status: 'failed',
  progress: 0,
  durationSeconds: null,
  language: null,
  languageProbability: null,
  sizeBytes: 2000,
  mimeType: null,
  mediaKind: null,
  originalFilename: 'notes.mp3',
  options: { language: null, translate: false },
  error: { code, message },
  createdAt: '2025-11-21T19:57:00.000Z',
  updatedAt: '2025-11-21T19:58:00.000Z',
  completedAt: null,
  snippet: null,
  matchedIn: [],
  folderId: null,
  tagIds: [],
});

const render = (recording: Item) =>
  renderToStaticMarkup(<RecordingListItem recording={recording} title="Notes" onRetry={() => {}} />);

describe('a failed recording in the list', () => {
  it('offers no Retry when the file itself has no audio we can read', () => {
    const html = render(failed('UNSUPPORTED_MEDIA', 'This file has no audio we can read: it is not audio.'));
    expect(html).toContain('This file has no audio we can read');
    expect(html).not.toContain('Retry');
  });

  it('offers Retry when the transcription failed and trying again may help', () => {
    expect(render(failed('TRANSCRIPTION_FAILED', 'The speech engine stopped.'))).toContain('Retry');
  });
});

describe('a file kept although its audio could not be read', () => {
  it('says so, says why, offers its download and no Retry', () => {
    const html = render({
      ...failed('UNSUPPORTED_MEDIA', 'This file has no audio we can read: it is not audio.'),
      status: 'unreadable',
    });
    expect(html).toContain('Not audio we can read: kept as a file');
    expect(html).toContain('Kept as a file');
    expect(html).toContain('This file has no audio we can read');
    expect(html).toContain('href="/api/recordings/rec-1/media" download="notes.mp3"');
    expect(html).not.toContain('Retry');
  });
});
