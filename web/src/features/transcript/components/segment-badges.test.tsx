import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { TranscriptView } from './transcript-view';

const segment = (id: number, text: string, marks: Partial<TranscriptSegment> = {}): TranscriptSegment => ({
  id,
  start: id * 5,
  end: id * 5 + 4,
  text,
  speaker: null,
  words: [],
  ...marks,
});

const render = (segments: TranscriptSegment[], mainLanguage = 'en') =>
  renderToStaticMarkup(
    <TranscriptView
      segments={segments}
      mainLanguage={mainLanguage}
      active={null}
      autoScroll={false}
      onSeek={() => {}}
      onPlayFrom={() => {}}
      onManualScroll={() => {}}
    />,
  );

/** The markup of each segment, in order. */
const sections = (html: string) => html.split('data-segment=').slice(1);

describe('the transcript marks a segment’s language and the engine’s doubt', () => {
  it('shows a "DE" badge on a German segment of an English recording, and none on the English ones', () => {
    const [english, german] = sections(
      render([
        segment(0, 'Ask not what your country can do for you.', { language: 'en' }),
        segment(1, 'Das ist die Leichenhalle.', { language: 'de' }),
      ]),
    );
    expect(english).not.toContain('data-testid="segment-language"');
    expect(german).toMatch(/data-testid="segment-language"[^>]*>DE</);
    expect(german).toContain('title="Spoken in German"');
    expect(german).toContain('lang="de"');
  });

  it('shows no badge when every segment is in the main language, or when segments carry no language', () => {
    const html = render([segment(0, 'Hola.', { language: 'es' }), segment(1, 'Adiós.')], 'es');
    expect(html).not.toContain('segment-language');
  });

  it('marks a low-confidence segment visibly, with the tooltip "low confidence"', () => {
    const [sure, unsure] = sections(
      render([
        segment(0, 'A clear sentence.', { confidence: 0.93, lowConfidence: false }),
        segment(1, 'mumble mumble', { confidence: 0.31, lowConfidence: true }),
      ]),
    );
    expect(sure).not.toContain('low confidence');
    expect(sure).not.toContain('data-low-confidence');
    expect(unsure).toMatch(/data-testid="segment-low-confidence"/);
    expect(unsure).toContain('title="low confidence"');
    expect(unsure).toContain('data-low-confidence="true"');
    expect(unsure).toContain('decoration-dotted');
  });
});
