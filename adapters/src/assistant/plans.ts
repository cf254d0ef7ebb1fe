import type { PlanTier } from '@scrivo/domain/chat';

/** The plan data of spec section 9, as the assistant states it. */
export const PLANS: Record<PlanTier, { name: string; minutesPerMonth: number | null; summary: string }> = {
  free: {
    name: 'Free',
    minutesPerMonth: 5,
    summary:
      'Free costs $0 forever: 5 minutes of transcription per month, basic export and email support, no credit card required.',
  },
  premium: {
    name: 'Premium',
    minutesPerMonth: 120,
    summary:
      'Premium costs $9.99 per month or $4.49 per week: 120 minutes per month, transcript editor, advanced search and export, translation and email support.',
  },
  business_pro: {
    name: 'Business Pro',
    minutesPerMonth: null,
    summary:
      'Business Pro costs $19.99 per month or $9.49 per week: unlimited usage and uploads, files up to 1 GB, speaker labels, AI summary, editor, search and export, and translation.',
  },
};
