import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RecordingListItem as Item } from '@scrivo/contracts/recordings/recordings.contract';
import { RecordingListItem } from './recording-list-item';

const recording = (pinned: boolean | undefined): Item => ({
  id: 'rec-1',
  title: 'Board meeting',
  status: 'completed',
  progress: 1,
  durationSeconds: 60,
  language: 'en',
  languageProbability: 0.99,
  sizeBytes: 2000,
  mimeType: 'audio/mpeg',
  mediaKind: 'audio',
  originalFilename: 'board.mp3',
  options: { language: null, translate: false },
  error: null,
  createdAt: '2025-11-21T19:57:00.000Z',
  updatedAt: '2025-11-21T19:58:00.000Z',
  completedAt: '2025-11-21T19:58:00.000Z',
  snippet: null,
  matchedIn: [],
  folderId: null,
  tagIds: [],
  ...(pinned === undefined ? {} : { pinned }),
});

const render = (item: Item, actions = true) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RecordingListItem
        recording={item}
        title="Board meeting"
        actions={actions ? <span>Rename</span> : undefined}
      />
    </QueryClientProvider>,
  );

describe('pinning a recording in the library', () => {
  it('offers Pin on a recording that is not pinned (also one listed before pinning existed)', () => {
    for (const pinned of [false, undefined]) {
      const html = render(recording(pinned));
      expect(html).toContain('aria-label="Pin “Board meeting”"');
      expect(html).toContain('>Pin</button>');
    }
  });

  it('offers Unpin on a pinned one', () => {
    const html = render(recording(true));
    expect(html).toContain('aria-label="Unpin “Board meeting”"');
    expect(html).toContain('>Unpin</button>');
  });

  it('is offered where the list offers actions (the library), not in the dashboard’s recent list', () => {
    expect(render(recording(false), false)).not.toContain('Pin');
  });
});
