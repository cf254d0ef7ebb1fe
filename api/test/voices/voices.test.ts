import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import type { RememberVoiceBody } from '@scrivo/contracts';
import { describe, expect, it } from 'vitest';
import { untilCompleted } from '../recordings/support/until-completed';
import { bodyOf, expectStatus } from '../support/expect-status';
import { type TestClient, unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { appWithSpeechWorker } from '../support/speech-app';
import { conversation, type Turn } from './conversation';

/** Real readers: Ada and Gwen (women), Bert and Carl (men); the 7th second is a pause in Ada's utterance. */
const ADA = '1069-133699-0000';
const BERT = '1040-133433-0000';
const GWEN = '198-126831-0000';
const CARL = '1034-121119-0000';

type Segment = { start: number; end: number; speaker: string | null };

const transcribed = async (client: TestClient, turns: readonly Turn[]) => {
  const form = new FormData();
  form.set('file', new Blob([conversation(turns)]), 'conversation.wav');
  form.set('language', 'en');
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201, created.text);
  const id = created.body.id;
  await untilCompleted(client, id);
  const transcript = await client.api.recordings.transcript({ params: { id } });
  return { id, segments: bodyOf(transcript, 200).segments };
};

/** The speakers of the lines that lie within [from, to] seconds of the recording. */
const speakersWithin = (segments: readonly Segment[], from: number, to: number) =>
  new Set(segments.filter((s) => s.start >= from - 0.5 && s.end <= to + 0.5).map((s) => s.speaker));

describe.skipIf(!speechWorkerInstalled())('remembered voices', () => {
  const running = appWithSpeechWorker();

  it('names a remembered person in a later recording, and never a stranger', async () => {
    const { client } = await signedInClient(running.app, { plan: 'business_pro' });
    expect((await client.api.voices.list()).body).toEqual({ voices: [] });
    // Ada's first seven seconds, then Bert: Ada is "Speaker 1".
    const first = await transcribed(client, [
      { reader: ADA, from: 0, to: 7.2 },
      { reader: BERT, from: 0 },
    ]);
    expect(new Set(first.segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    const remembered = await client.api.voices.remember({
      body: { recordingId: first.id, speaker: 'Speaker 1', name: 'Ada Lovelace' },
    });
    expectStatus(remembered, 201, remembered.text);
    expect(remembered.body).toEqual({ id: expect.any(String), name: 'Ada Lovelace' });
    const listed = bodyOf(await client.api.voices.list(), 200);
    expect(listed.voices).toEqual([{ ...remembered.body, createdAt: expect.any(String) }]);

    // Carl, then the rest of Ada's utterance (speech the voice print never heard): her lines are hers by name.
    const later = await transcribed(client, [
      { reader: CARL, from: 0 },
      { reader: ADA, from: 7.2 },
    ]);
    const adaFrom = 7.875 + 1.5;
    expect(speakersWithin(later.segments, adaFrom, 99)).toEqual(new Set(['Ada Lovelace']));
    expect(speakersWithin(later.segments, 0, 7.875)).toEqual(new Set(['Speaker 1']));

    // Two strangers (one of them a woman, as Ada is): neither is given her name.
    const strangers = await transcribed(client, [
      { reader: GWEN, from: 0 },
      { reader: BERT, from: 0 },
    ]);
    expect(strangers.segments.map((s) => s.speaker)).not.toContain('Ada Lovelace');
  }, 600_000);

  it('renames and forgets a voice, and refuses what it cannot do with a clear 4xx', async () => {
    const { client } = await signedInClient(running.app, { plan: 'business_pro' });
    const { client: other } = await signedInClient(running.app, { plan: 'business_pro' });
    const recording = await transcribed(client, [
      { reader: GWEN, from: 0 },
      { reader: CARL, from: 0 },
    ]);
    const remember = (body: RememberVoiceBody, as = client) => as.api.voices.remember({ body });

    const unknown = await remember({ recordingId: 'no-such-recording', speaker: 'Speaker 1', name: 'Gwen' });
    expectStatus(unknown, 404, unknown.text);
    const notTheirs = await remember(
      { recordingId: recording.id, speaker: 'Speaker 1', name: 'Gwen' },
      other,
    );
    expectStatus(notTheirs, 404, notTheirs.text);
    const nobody = await remember({ recordingId: recording.id, speaker: 'Speaker 9', name: 'Gwen' });
    expectStatus(nobody, 422, nobody.text);
    expect(nobody.body).toMatchObject({ code: 'SPEAKER_NOT_IN_RECORDING', details: { param: 'speaker' } });
    for (const bad of [{}, { recordingId: recording.id, speaker: 'Speaker 1', name: '  ' }, { name: 'x' }])
      expect((await remember(unchecked(bad))).status).toBe(400);

    const gwen = await remember({ recordingId: recording.id, speaker: 'Speaker 1', name: 'Gwen' });
    expectStatus(gwen, 201, gwen.text);
    const twice = await remember({ recordingId: recording.id, speaker: 'Speaker 2', name: 'gwen' });
    expectStatus(twice, 409, twice.text);
    const id = gwen.body.id;

    const renamed = await client.api.voices.rename({ params: { voiceId: id }, body: { name: 'Gwendolyn' } });
    expectStatus(renamed, 200, renamed.text);
    expect(renamed.body).toEqual({ id, name: 'Gwendolyn' });
    expect((await client.api.voices.rename({ params: { voiceId: id }, body: { name: '' } })).status).toBe(
      400,
    );
    expect((await other.api.voices.rename({ params: { voiceId: id }, body: { name: 'Mine' } })).status).toBe(
      404,
    );
    expect((await other.api.voices.forget({ params: { voiceId: id } })).status).toBe(404);

    expect((await client.api.voices.forget({ params: { voiceId: id } })).status).toBe(204);
    expect((await client.api.voices.list()).body).toEqual({ voices: [] });
    expect((await client.api.voices.forget({ params: { voiceId: id } })).status).toBe(404);
  }, 600_000);
});
