import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import type { Completion, CompletionRequest, LanguageModel } from '@scrivo/domain';
import { builtInTemplate, MEETING_TEMPLATE, type SummaryTemplate } from '@scrivo/domain/summaries';
import { SummaryFormatError } from '../../src/summaries/model-answer';
import { summarizeTranscript } from '../../src/summaries/summarizer';
import { splitIntoParts } from '../../src/summaries/summary-parts';
import { type Line, transcript } from './support/transcript';

/** A planning meeting as a transcript: who said what, when (seconds). */
const lines: Line[] = [
  [0, 'Anna', 'Good morning everyone, let us start with the launch of the new mobile app.'],
  [6, 'Ben', 'The app store review took longer than planned, so we are two weeks late.'],
  [13, 'Anna', 'Then we agree to move the launch date to the ninth of March.'],
  [19, 'Carla', 'That works for marketing. I will book the venue for the launch party this week.'],
  [27, 'Ben', 'I will update the press release and send it to Anna by Friday.'],
  [34, 'Anna', 'Good. Next topic is the budget for the second quarter.'],
  [40, 'Carla', 'Advertising costs went up by ten percent, mostly on social media.'],
  [47, 'Ben', 'We could move part of that money to search ads, which convert better.'],
  [54, 'Anna', 'We decide to shift twenty percent of the social budget to search ads.'],
  [61, 'Carla', 'I will prepare the new budget table for the finance team.'],
  [68, 'Anna', 'Thank you all, we meet again next Tuesday.'],
];
const segments = transcript(lines, 5);

/** A model that answers from a script: for the rules about malformed answers, not for what summaries say. */
const scripted = (answers: string[]): LanguageModel & { calls: number } => {
  const model = {
    name: 'scripted',
    calls: 0,
    async complete(_request: CompletionRequest): Promise<Completion> {
      const text = answers[Math.min(model.calls, answers.length - 1)]!;
      model.calls += 1;
      return { text, promptTokens: 0, completionTokens: 0 };
    },
    async *stream(request: CompletionRequest): AsyncIterable<string> {
      yield (await model.complete(request)).text;
    },
  };
  return model;
};
const valid = JSON.stringify({
  overview: 'A short meeting.',
  keyPoints: [{ text: 'The launch moved.', at: 13 }],
  decisions: [],
  actionItems: [{ owner: 'Carla', text: 'Book the venue.', at: 999 }],
  chapters: [{ title: 'Launch', start: 0 }],
});

describe('summaries of transcripts', () => {
  it('splits a transcript into parts between segments, none over the word budget unless one segment is', () => {
    const parts = splitIntoParts(segments, 40);
    expect(parts.flat()).toEqual(segments);
    for (const part of parts)
      if (part.length > 1)
        expect(part.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0)).toBeLessThanOrEqual(
          40,
        );
    expect(parts.length).toBeGreaterThan(1);
  });

  it('asks again once when the answer is not the summary shape, and points each item at the line that says it', async () => {
    const model = scripted(['{"overview": ', valid]);
    const summary = await summarizeTranscript(model, segments, { language: 'en' });
    // Outcomes asked twice (the first answer is cut off), then the outline once.
    expect(model.calls).toBe(3);
    // The model said 999 s for a 73-second recording: the item links to Carla's "I will book the venue" at 19 s.
    expect(summary.actionItems[0]).toMatchObject({ owner: 'Carla', at: 19 });
    expect(summary.checks).toMatchObject({ unsupportedDropped: 0, moved: 1 });
  });

  it('hands over the summary so far after each part, for the page to show while the rest is written', async () => {
    const model = scripted([valid]);
    const drafts: { points: number; chapters: number; progress: number }[] = [];
    const parts = splitIntoParts(segments, 40).length;
    await summarizeTranscript(model, segments, {
      language: 'en',
      maxPartWords: 40,
      onPartDone: (draft, progress) =>
        drafts.push({ points: draft.keyPoints.length, chapters: draft.chapters.length, progress }),
    });
    // One draft per part, each holding every part so far, then the whole once the overviews are joined.
    expect(drafts.map((d) => d.progress)).toEqual([
      ...Array.from({ length: parts }, (_, i) => (i + 1) / (parts + 1)),
      1,
    ]);
    expect(drafts.slice(0, parts).map((d) => d.chapters)).toEqual(
      Array.from({ length: parts }, (_, i) => i + 1),
    );
  });

  it('lists a task the model wrote as a decision among the action items, and no question as a decision', async () => {
    const outcomes = JSON.stringify({
      decisions: [
        { text: 'I will book the venue for the launch party this week.', at: 19 },
        { text: 'What is the budget for the second quarter?', at: 34 },
        { text: 'The launch date moves to the ninth of March.', at: 13 },
      ],
      actionItems: [],
    });
    const summary = await summarizeTranscript(scripted([outcomes, valid]), segments, { language: 'en' });
    expect(summary.decisions.map((d) => d.text)).toEqual(['The launch date moves to the ninth of March.']);
    // Ben's and Carla's other tasks, which the model left out, are listed as they said them.
    expect(summary.actionItems).toEqual([
      { owner: 'Carla', text: 'Book the venue for the launch party this week.', at: 19 },
      { owner: 'Ben', text: 'Update the press release and send it to Anna by Friday.', at: 27 },
      { owner: 'Carla', text: 'Prepare the new budget table for the finance team.', at: 61 },
    ]);
  });

  it('says a decision as the line that settles it says it, and lists a task asked for and taken on', async () => {
    const hiring = transcript(
      [
        [
          26,
          'Jonas',
          "Good, let's decide it and, Kate, can you write the job description for the mobile role?",
        ],
        [32, 'Kate', 'Sure, I will have it ready my first date.'],
        [35, 'Leo', 'I will write the one for the payment role.'],
        [38, 'Jonas', 'Should we use a recruiting agency this time?'],
        [41, 'Kate', 'Um, they were expensive last year and the candidates were not great.'],
        [46, 'Jonas', 'And we do not use an agency, we post the job ourselves.'],
      ],
      4,
    );
    // What the local model answered on this meeting: the question's words as the decision, one task of three.
    const outcomes = JSON.stringify({
      decisions: [{ text: 'We agree to use a recruiting agency this time.', at: 38 }],
      actionItems: [{ owner: 'Leo', text: 'Write the job description for the payment role.', at: 35 }],
    });
    const summary = await summarizeTranscript(scripted([outcomes, valid]), hiring, { language: 'en' });
    expect(summary.decisions).toEqual([
      { text: 'We do not use an agency, we post the job ourselves.', at: 46 },
    ]);
    expect(summary.actionItems).toEqual([
      { owner: 'Leo', text: 'Write the job description for the payment role.', at: 35 },
      { owner: 'Kate', text: 'Write the job description for the mobile role.', at: 26 },
    ]);
    expect(summary.checks).toMatchObject({ rewritten: 1 });
  });

  it('holds on a real meeting: the figures said, tasks only as committed, each thing once (issue 41)', async () => {
    // AMI's product-design kick-off, as its human transcript writes it: disfluent, the roles as the speakers.
    const kickoff = transcript([
      [0, 'Project Manager', "Okay, let's begin. Next. Let's talk about money."],
      [6, 'Marketing', 'So. Um Twenty five Euro for a remote control.'],
      [10, 'Project Manager', 'For a production cost of twelve fifty Euros maximum.'],
      [15, 'Industrial Designer', 'Yeah, we want a profit of fifty million Euro.'],
      [20, 'User Interface', 'Be able to um pull it up, I mean, then we will see.'],
      [25, 'Marketing', 'So I will just type, hold it on.'],
      [29, 'Marketing', 'Maybe we should put the menu on the television screen?'],
      [33, 'Project Manager', 'Yes, an LCD display or something like that.'],
      [37, 'Industrial Designer', "Okay. I'll look into what the rubber case would cost."],
    ]);
    // What the local model answered on such a meeting: fragments as tasks, one clause looping in the overview.
    const outcomes = JSON.stringify({
      decisions: [{ text: 'The decision to use an LCD display or something like that.', at: 33 }],
      actionItems: [
        { owner: '', text: 'Be able to pull it up', at: 20 },
        { owner: 'Marketing', text: 'Just type hold it on.', at: 25 },
        { owner: 'Industrial Designer', text: 'Look into the cost of the rubber case.', at: 37 },
      ],
    });
    const loop = 'the decision to use an LCD display or something like that';
    const outline = JSON.stringify({
      overview: `The meeting was about ${loop}, ${loop}, ${loop}, the decision to use an LCD`,
      keyPoints: [{ text: 'The budget was discussed.', at: 6 }],
      chapters: [{ title: 'Money', start: 0 }],
    });
    const summary = await summarizeTranscript(scripted([outcomes, outline]), kickoff, { language: 'en' });
    expect(summary.overview).toBe(`The meeting was about ${loop}.`);
    // The price, the cost and the profit aim, in the words of the lines and with who said them.
    expect(summary.keyPoints.map((p) => p.text)).toEqual([
      'Marketing: Twenty five Euro for a remote control.',
      'Project Manager: For a production cost of twelve fifty Euros maximum.',
      'Industrial Designer: We want a profit of fifty million Euro.',
    ]);
    expect(summary.decisions).toHaveLength(1);
    expect(summary.actionItems).toEqual([
      { owner: 'Industrial Designer', text: 'Look into the cost of the rubber case.', at: 37 },
    ]);
  });

  it('points the model at the lines that commit someone, and asks for short points (what it writes costs)', async () => {
    const model = scripted([valid]);
    const requests: CompletionRequest[] = [];
    const complete = model.complete.bind(model);
    model.complete = (request) => {
      requests.push(request);
      return complete(request);
    };
    const meeting = transcript([
      [0, 'Project Manager', 'We have to make a functional design first.'],
      [5, 'Marketing', 'You need to paint your favourite animal now, please.'],
      [10, 'Industrial Designer', "I'll look into what the rubber case would cost."],
    ]);
    await summarizeTranscript(model, meeting, { language: 'en' });
    expect(requests[0]!.messages.at(-1)!.content).toContain('Lines that may say a task: [10].');
    const written = JSON.stringify(requests.map((r) => r.jsonSchema));
    expect(written).toContain('"maxLength":160');
    expect(written).not.toContain('"maxLength":240');
  });

  it('fails with a clear reason after two answers in the wrong shape', async () => {
    const model = scripted(['not json', '{"decisions": 3}']);
    await expect(summarizeTranscript(model, segments, { language: 'en' })).rejects.toBeInstanceOf(
      SummaryFormatError,
    );
    expect(model.calls).toBe(2);
  });

  it('reads a template’s instructions with the transcript, and a meeting as it always did', async () => {
    const asked = async (template?: SummaryTemplate) => {
      const model = scripted([valid]);
      const requests: CompletionRequest[] = [];
      const complete = model.complete.bind(model);
      model.complete = (request) => {
        requests.push(request);
        return complete(request);
      };
      await summarizeTranscript(model, segments, { language: 'en', ...(template ? { template } : {}) });
      return requests[0]!.messages[0]!.content;
    };
    const meeting = await asked();
    expect(meeting).toMatch(/^You read a meeting transcript/);
    expect(await asked(MEETING_TEMPLATE)).toBe(meeting);
    const lecture = builtInTemplate('lecture')!;
    const system = await asked(lecture);
    expect(system).toMatch(/^You read a transcript/);
    expect(system).toContain(lecture.instructions);
  });

  describe.skipIf(!languageModelInstalled())('with the local model (Qwen2.5-Coder-1.5B on the CPU)', () => {
    let service: LanguageModelProcess;
    beforeAll(async () => {
      service = await startLanguageModel();
    }, 180_000);
    afterAll(async () => {
      await service?.stop();
    });

    it('summarises a meeting in parts: decisions, action items with their owners, chapters in order', async () => {
      const progress: number[] = [];
      const summary = await summarizeTranscript(new LocalLanguageModel({ url: service.url }), segments, {
        language: 'en',
        maxPartWords: 90,
        onProgress: (p) => progress.push(p),
      });
      expect(progress.at(-1)).toBe(1);
      expect(progress.length).toBeGreaterThan(2);
      expect(summary.overview.length).toBeGreaterThan(20);
      // What a 1.5B model gets right is measured in bench/README.md; here: the tasks come with the people who
      // said they would do them, and what was agreed is in the summary somewhere.
      const owners = summary.actionItems.map((a) => (a.owner ?? '').toLowerCase());
      expect(owners.filter((o) => o.includes('carla') || o.includes('ben')).length).toBeGreaterThanOrEqual(1);
      const said = [...summary.decisions, ...summary.keyPoints, ...summary.actionItems]
        .map((d) => d.text)
        .join(' ');
      expect(`${said} ${summary.overview}`.toLowerCase()).toMatch(/march|search/);
      const starts = summary.chapters.map((c) => c.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const point of [...summary.keyPoints, ...summary.decisions, ...summary.actionItems])
        expect(point.at).toBeGreaterThanOrEqual(0);
      expect(summary.engine).toMatch(/^local:/);
    }, 600_000);
  });
});
