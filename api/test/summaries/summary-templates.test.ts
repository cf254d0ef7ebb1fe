import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryStream } from '@scrivo/domain/summaries';
import { completedRecording } from '../recordings/support/completed-recording';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { writtenAsTheJobWould } from './support/written-summary';
import { expectStatus } from '../support/expect-status';

const retro = {
  name: 'Sprint retro',
  instructions: 'What went well, what did not, and what the team will change next sprint.',
  sections: {
    keyPoints: 'Went well / not well',
    decisions: 'We change',
    actionItems: 'Owners',
    chapters: null,
  },
};

describe('summary templates: what a summary is for', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No job runs: these specs are about what is asked for and kept, not what the model writes.
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'false',
    });
  }, 60_000);
  afterAll(() => app?.close());

  it('lists the built-in templates first, meeting the default, and keeps an account’s own after them', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const listed = await client.api.summaries.templates();
    expect(listed.status).toBe(200);
    if (listed.status !== 200) return;
    expect(listed.body.templates.map((t) => [t.id, t.builtIn])).toEqual([
      ['meeting', true],
      ['interview', true],
      ['lecture', true],
      ['sales-call', true],
      ['stand-up', true],
    ]);
    expect(listed.body.templates.find((t) => t.id === 'lecture')?.sections.decisions).toBeNull();

    const created = await client.api.summaries.createTemplate({ body: retro });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    expect(created.body).toMatchObject({ ...retro, builtIn: false });
    const changed = await client.api.summaries.changeTemplate({
      params: { templateId: created.body.id },
      body: { ...retro, name: 'Retro' },
    });
    expect(changed.status).toBe(200);
    const after = await client.api.summaries.templates();
    expect(after.status === 200 && after.body.templates.at(-1)).toMatchObject({
      id: created.body.id,
      name: 'Retro',
    });

    const removed = await client.api.summaries.removeTemplate({ params: { templateId: created.body.id } });
    expect(removed.status).toBe(204);
    const gone = await client.api.summaries.templates();
    expect(gone.status === 200 && gone.body.templates).toHaveLength(5);
  });

  it('answers 409 for a built-in template, 404 for one the account does not have, 400 for a bad one', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const builtIn = await client.api.summaries.changeTemplate({
      params: { templateId: 'meeting' },
      body: retro,
    });
    expect([builtIn.status, builtIn.body]).toMatchObject([409, { code: 'TEMPLATE_BUILT_IN' }]);
    const missing = await client.api.summaries.changeTemplate({
      params: { templateId: 'nope' },
      body: retro,
    });
    expect(missing.status).toBe(404);
    expect((await client.api.summaries.removeTemplate({ params: { templateId: 'nope' } })).status).toBe(404);
    const sameName = await client.api.summaries.createTemplate({ body: { ...retro, name: 'interview' } });
    expect([sameName.status, sameName.body]).toMatchObject([400, { code: 'VALIDATION_FAILED' }]);
    const tooLong = await client.api.summaries.createTemplate({
      body: {
        ...retro,
        instructions: 'x'.repeat(1001),
      },
    });
    expectStatus(tooLong, 400);
  });

  it('keeps each account’s templates to itself', async () => {
    const mine = await signedInClient(app, { plan: 'business_pro' });
    const other = await signedInClient(app, { plan: 'business_pro' });
    const created = await mine.client.api.summaries.createTemplate({ body: retro });
    const id = created.status === 201 ? created.body.id : '';
    const theirs = await other.client.api.summaries.templates();
    expect(theirs.status === 200 && theirs.body.templates.map((t) => t.id)).not.toContain(id);
    const change = await other.client.api.summaries.changeTemplate({
      params: { templateId: id },
      body: retro,
    });
    expect(change.status).toBe(404);
    expect((await other.client.api.summaries.removeTemplate({ params: { templateId: id } })).status).toBe(
      404,
    );
  });

  it('writes a summary with the template asked for, as the template said then', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const created = await client.api.summaries.createTemplate({ body: retro });
    const templateId = created.status === 201 ? created.body.id : '';
    const id = await completedRecording(app, client);

    const unknown = await client.api.summaries.request({ params: { id }, body: { template: 'no-such' } });
    expect([unknown.status, unknown.body]).toMatchObject([400, { code: 'VALIDATION_FAILED' }]);

    const asked = await client.api.summaries.request({ params: { id }, body: { template: templateId } });
    expect(asked.status).toBe(202);
    // A later change of the template is for later summaries.
    await client.api.summaries.changeTemplate({
      params: { templateId },
      body: { ...retro, instructions: 'Other.' },
    });
    const events = await app.scrivo.adapters.events.readStream(summaryStream(id));
    expect(events.find((e) => e.type === 'SummaryRequested')?.data).toMatchObject({
      template: { id: templateId, ...retro },
    });
    // Until it is written, what the page shows is under the meeting template (there is nothing yet).
    const summary = await client.api.summaries.get({ params: { id } });
    expect(summary.status === 200 && summary.body.template.id).toBe('meeting');
  });

  it('writes a meeting summary when no template is named, as before templates', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const id = await completedRecording(app, client);
    expect((await client.api.summaries.request({ params: { id }, body: {} })).status).toBe(202);
    const events = await app.scrivo.adapters.events.readStream(summaryStream(id));
    expect(events.find((e) => e.type === 'SummaryRequested')?.data).toMatchObject({
      template: { id: 'meeting' },
    });
  });

  it('shows and exports a summary under its template’s headings, without the sections it leaves out', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const id = await completedRecording(app, client);
    expect(
      (await client.api.summaries.request({ params: { id }, body: { template: 'lecture' } })).status,
    ).toBe(202);
    await writtenAsTheJobWould(app, id, {
      overview: 'Kennedy asks Americans to serve their country.',
      keyPoints: [{ text: 'Ask what you can do for your country.', at: 7 }],
      decisions: [{ text: 'A model may still list a decision.', at: 1 }],
      actionItems: [{ text: 'Serve the country.', owner: null, at: 8 }],
      chapters: [{ title: 'The call', start: 0 }],
    });
    const summary = await client.api.summaries.get({ params: { id } });
    expect(summary.status === 200 && summary.body).toMatchObject({
      template: { id: 'lecture', name: 'Lecture notes', sections: { keyPoints: 'Notes', decisions: null } },
      content: { decisions: [] },
    });
    const txt = await client.api.recordings.export({
      params: { id },
      query: { format: 'txt', summary: 'true' },
    });
    expect(txt.status).toBe(200);
    expect(txt.text).toContain('Notes\n- Ask what you can do for your country. (0:07)');
    expect(txt.text).toContain('Assignments\n- Serve the country. (0:08)');
    expect(txt.text).not.toContain('Decisions');
  });
});
