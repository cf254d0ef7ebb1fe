import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { untilCompleted } from './support/until-completed';
import { appWithSpeechWorker } from '../support/speech-app';
import { joinedWav } from './support/joined-wav';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const AUDIO = sharedAudio();
// 11 s of English (JFK), 5 s of German ("... als Leichenhalle genutzt"), 9 s of Spanish ("... arenas ...").
const ENGLISH_GERMAN_SPANISH = joinedWav([
  join(AUDIO, 'jfk/jfk.wav'),
  join(AUDIO, 'picovoice-leopard-tests/test_de.wav'),
  join(AUDIO, 'picovoice-leopard-tests/test_es.wav'),
]);

interface ExportedSegment {
  text: string;
  language?: string;
  confidence?: number;
  lowConfidence?: boolean;
}

describe.skipIf(!speechWorkerInstalled())('language per segment', () => {
  const running = appWithSpeechWorker();

  it('gives each segment of an English, German and Spanish upload its language in the JSON export; English is the main one', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([ENGLISH_GERMAN_SPANISH], { type: 'audio/wav' }), 'en-de-es.wav');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const id = created.body.id;
    await untilCompleted(client, id);

    const exported = await client.api.recordings.export({ params: { id }, query: { format: 'json' } });
    expectStatus(exported, 200);
    const transcript = JSON.parse(exported.text) as { language: string; segments: ExportedSegment[] };
    expect(transcript.language).toBe('en');
    const english = transcript.segments.filter((s) => s.language === 'en');
    const german = transcript.segments.filter((s) => s.language === 'de');
    const spanish = transcript.segments.filter((s) => s.language === 'es');
    expect(
      phraseErrorRate('ask not what your country', english.map((s) => s.text).join(' ')),
    ).toBeLessThanOrEqual(HEARD);
    expect(german.map((s) => s.text).join(' ')).toMatch(/hinter diesem portal/i);
    expect(spanish.map((s) => s.text).join(' ')).toMatch(/arenas/i);
    expect(english.length + german.length + spanish.length).toBe(transcript.segments.length);
    // Every segment says how sure the engine is, and whether the page should mark it.
    for (const segment of transcript.segments) {
      expect(segment.confidence).toBeGreaterThan(0);
      expect(segment.confidence).toBeLessThanOrEqual(1);
      expect(typeof segment.lowConfidence).toBe('boolean');
    }

    // The transcript the page reads carries the same.
    const page = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
    expect(page.segments.map((s) => s.language)).toEqual(transcript.segments.map((s) => s.language));
  }, 600_000);
});
