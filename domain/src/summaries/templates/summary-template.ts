/**
 * What a summary is for. Every template writes the same content (overview, key points, decisions, action items,
 * chapters); it says how the model reads the transcript (`instructions`) and which sections the summary keeps and
 * under which headings. A section whose heading is null is left out: a lecture has no decisions.
 */
export interface SummarySections {
  readonly keyPoints: string | null;
  readonly decisions: string | null;
  readonly actionItems: string | null;
  readonly chapters: string | null;
}

export interface SummaryTemplate {
  readonly id: string;
  readonly name: string;
  /** Read by the model with the transcript: what matters in this kind of recording. Empty for a meeting. */
  readonly instructions: string;
  readonly sections: SummarySections;
}

export const SUMMARY_SECTIONS = ['keyPoints', 'decisions', 'actionItems', 'chapters'] as const;

export const DEFAULT_TEMPLATE_ID = 'meeting';

/** What every summary was before templates, and still is unless another is chosen. */
export const MEETING_TEMPLATE: SummaryTemplate = {
  id: DEFAULT_TEMPLATE_ID,
  name: 'Meeting',
  instructions: '',
  sections: {
    keyPoints: 'Key points',
    decisions: 'Decisions',
    actionItems: 'Action items',
    chapters: 'Chapters',
  },
};

/** The kinds of recording people summarise most. */
export const BUILT_IN_TEMPLATES: readonly SummaryTemplate[] = [
  MEETING_TEMPLATE,
  {
    id: 'interview',
    name: 'Interview',
    instructions:
      'This is an interview. Key points are what the person interviewed said in answer: their views, facts about them, figures and stories, each in a short sentence that names who said it. Action items are follow-ups someone promised.',
    sections: { keyPoints: 'What was said', decisions: null, actionItems: 'Follow-ups', chapters: 'Topics' },
  },
  {
    id: 'lecture',
    name: 'Lecture notes',
    instructions:
      'This is a lecture or a class. Key points are the ideas taught: each definition, rule, example and figure, in the order given, as study notes. Action items are assignments, readings and deadlines the lecturer gave.',
    sections: { keyPoints: 'Notes', decisions: null, actionItems: 'Assignments', chapters: 'Sections' },
  },
  {
    id: 'sales-call',
    name: 'Sales call',
    instructions:
      "This is a sales call. Key points are the customer's needs, pains, budget, timeline, who decides, objections and competitors named, and what was offered at what price. Decisions are what the customer agreed to. Action items are the next steps each side took on.",
    sections: {
      keyPoints: 'Needs and objections',
      decisions: 'Agreed',
      actionItems: 'Next steps',
      chapters: 'Chapters',
    },
  },
  {
    id: 'stand-up',
    name: 'Stand-up',
    instructions:
      "This is a daily stand-up. Key points are each person's update: what they finished, what they work on next and what blocks them, each starting with the person's name. Action items are what someone offered to do to unblock another.",
    sections: { keyPoints: 'Updates and blockers', decisions: null, actionItems: 'To do', chapters: null },
  },
];

export const builtInTemplate = (id: string): SummaryTemplate | undefined =>
  BUILT_IN_TEMPLATES.find((t) => t.id === id);
