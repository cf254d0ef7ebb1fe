import type { LandingCopy } from './landing-copy';

/**
 * The English pricing section and plan comparison, apart from the rest of the page's copy so neither file passes
 * the 300-line limit.
 */
export const enPricing: Pick<LandingCopy, 'pricing' | 'comparison'> = {
  pricing: {
    title: 'Simple pricing',
    subtitle: 'Start free. Upgrade when you need more minutes.',
    weekly: 'Weekly',
    monthly: 'Monthly',
    perWeek: '/week',
    perMonth: '/month',
    forever: 'forever',
    popular: 'Popular',
    was: 'Was',
    guarantee: '7-day money-back guarantee',
    plans: {
      free: {
        name: 'Free',
        description: 'Try Scrivo on short recordings.',
        usageExample: 'About one short voice memo a week.',
        features: ['5 minutes per month', 'Basic export', 'Email support', 'No credit card required'],
        cta: 'Start Free',
      },
      premium: {
        name: 'Premium',
        description: 'For students and creators with regular recordings.',
        usageExample: 'About four 30-minute lectures a month.',
        features: [
          '120 minutes per month',
          'Search across every transcript',
          'Transcript editor with autosave',
          'Every export format',
          'Translation',
          'Email support',
        ],
        weeklyAllowance: '28 minutes per week (120 a month)',
        cta: 'Get Premium',
      },
      business_pro: {
        name: 'Business Pro',
        description: 'For teams and professionals who transcribe every day.',
        usageExample: 'Every meeting, interview and webinar.',
        features: [
          'Unlimited usage and uploads',
          'Files up to 1 GB',
          'Speaker labels',
          'AI summaries',
          'Search and every export format',
          'Transcript editor with autosave',
          'Translation',
          'Team workspaces: shared recordings, roles and invitations',
        ],
        cta: 'Get Business Pro',
      },
    },
  },
  comparison: {
    title: 'How Scrivo compares',
    subtitle: 'Three ways to turn a one-hour recording into text.',
    columns: [
      {
        name: 'Typing it yourself',
        highlight: false,
        points: [
          'Often 4 hours or more per hour of audio',
          'Free, but costs your time',
          'No timestamps or subtitles',
        ],
      },
      {
        name: 'Human transcription services',
        highlight: false,
        points: [
          'Typically $1–3 per minute',
          'Usually 24–48 hours turnaround',
          'Your audio goes to a third party',
        ],
      },
      {
        name: 'Scrivo',
        highlight: true,
        points: [
          'Minutes, not days',
          'From $0; unlimited on Business Pro',
          'Self-hostable, exports PDF, DOCX, TXT, SRT',
        ],
      },
    ],
  },
};
