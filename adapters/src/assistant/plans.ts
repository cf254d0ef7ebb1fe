import type { PlanTier } from '@scrivo/domain/chat';

/**
 * The plan data of spec section 9, as the assistant states it: only what this server really does (the help
 * centre says the same; the transcript editor, speaker labels and AI summaries are announced as coming soon).
 */
export const PLANS: Record<PlanTier, { name: string; minutesPerMonth: number | null; summary: string }> = {
  free: {
    name: 'Free',
    minutesPerMonth: 5,
    summary:
      'Free costs $0 forever: 5 minutes of transcription per month, files up to 200 MB, every export format, translation to English and email support, no credit card required.',
  },
  premium: {
    name: 'Premium',
    minutesPerMonth: 120,
    summary:
      'Premium costs $9.99 per month or $4.49 per week: 120 minutes per month, files up to 500 MB, search across transcripts, every export format, translation to English and email support.',
  },
  business_pro: {
    name: 'Business Pro',
    minutesPerMonth: null,
    summary:
      'Business Pro costs $19.99 per month or $9.49 per week: unlimited minutes and uploads, files up to 1 GB, search across transcripts, every export format and translation to English.',
  },
};
