import type { Summary } from '@scrivo/contracts/summaries/summaries.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { permissionsFor } from '../../../lib/recording-permissions';
import { SummaryPanel } from './summary-panel';

// Rendered outside the app's router: its links are plain anchors here.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="#link">{children}</a>,
}));

const sections = { keyPoints: 'Key points', decisions: 'Decisions', actionItems: null, chapters: null };
const summary = (over: Partial<Summary>): Summary => ({
  recordingId: 'rec-1',
  status: 'none',
  progress: 0,
  content: null,
  language: null,
  engine: null,
  revision: 0,
  transcriptVersion: 1,
  outOfDate: false,
  failure: null,
  updatedAt: null,
  planAllows: true,
  template: { id: 'meeting', name: 'Meeting', sections },
  ahead: null,
  draft: null,
  ...over,
});
const ready = summary({
  status: 'ready',
  content: {
    overview: 'Prices go up in March.',
    keyPoints: [],
    decisions: [],
    actionItems: [],
    chapters: [],
  },
  language: 'en',
  engine: 'local:model',
  revision: 1,
});

/** The panel as Ann's recording in a workspace shows it to someone with `role` there. */
const render = (data: Summary, role: 'member' | 'viewer') => {
  const client = new QueryClient();
  client.setQueryData(['summary', 'rec-1'], data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SummaryPanel
        recordingId="rec-1"
        transcriptLanguage="en"
        onSeek={() => {}}
        may={permissionsFor({ ownerId: 'ann' }, 'ben', role)}
      />
    </QueryClientProvider>,
  );
};

describe('the summary tab on a workspace’s recording someone else uploaded', () => {
  it('offers a member who did not upload it Regenerate, not the editing of its text', () => {
    const html = render(ready, 'member');
    expect(html).toContain('Prices go up in March.');
    expect(html).toContain('>Regenerate</button>');
    expect(html).not.toContain('Edit summary');
  });

  it('offers a viewer nothing to ask or change: no Summarize, Cancel, Regenerate or Edit', () => {
    const none = render(summary({}), 'viewer');
    expect(none).toContain('No summary of this recording yet.');
    expect(none).not.toContain('Summarize');
    const running = render(summary({ status: 'running', progress: 0.4 }), 'viewer');
    expect(running).not.toContain('>Cancel</button>');
    const html = render(ready, 'viewer');
    expect(html).toContain('Prices go up in March.');
    expect(html).not.toContain('Regenerate');
    expect(html).not.toContain('Edit summary');
  });

  it('tells a member whose uploader’s plan has no summaries whose plan it is, with no upgrade offer', () => {
    const html = render(summary({ planAllows: false }), 'member');
    expect(html).toContain('paid by the plan of the person who uploaded it');
    expect(html).not.toContain('See plans');
  });
});
