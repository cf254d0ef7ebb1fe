import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TranscriptSoFar, workingMessage } from './transcript-so-far';

describe('a long recording while its parts are transcribed', () => {
  it('counts the parts done', () => {
    expect(workingMessage({ status: 'transcribing', pieces: { done: 3, total: 8 } })).toMatch(
      /^Transcribing\.\.\. 3 of 8 parts done\./,
    );
    expect(workingMessage({ status: 'transcribing', pieces: null })).toBe(
      'Transcribing. The transcript appears here by itself when it is ready.',
    );
  });

  it('shows the finished parts’ lines with their times, in the segment’s language', () => {
    const html = renderToStaticMarkup(
      <TranscriptSoFar
        segments={[
          { id: 0, start: 1, end: 3, text: ' Good morning.', speaker: null, words: [], language: 'en' },
          { id: 1, start: 151, end: 153, text: ' Bonjour.', speaker: null, words: [], language: 'fr' },
        ]}
      />,
    );
    expect(html).toContain('Good morning.');
    expect(html).toContain('<span lang="fr">Bonjour.</span>');
    expect(html).toContain('2:31');
  });
});
