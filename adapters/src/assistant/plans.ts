import { PLAN_LIMITS, type PlanId } from '@scrivo/domain/plans';

const allowance = (plan: PlanId) => {
  const { minutesPerMonth, maxUploadBytes } = PLAN_LIMITS[plan];
  const minutes =
    minutesPerMonth === null
      ? 'unlimited minutes and uploads'
      : `${minutesPerMonth} minutes of transcription per month`;
  const size =
    maxUploadBytes >= 1024 ** 3 ? `${maxUploadBytes / 1024 ** 3} GB` : `${maxUploadBytes / 1024 ** 2} MB`;
  return `${minutes}, files up to ${size}`;
};

/**
 * The plan data of spec section 9, as the assistant states it: prices from the pricing table, allowances from the
 * domain's plan catalogue, and only what this server really does (the help centre says the same).
 */
export const PLANS: Record<PlanId, { name: string; minutesPerMonth: number | null; summary: string }> = {
  free: {
    name: 'Free',
    minutesPerMonth: PLAN_LIMITS.free.minutesPerMonth,
    summary: `Free costs $0 forever: ${allowance('free')}, live recording, every export format, share links, translation of speech to English and email support, no credit card required.`,
  },
  premium: {
    name: 'Premium',
    minutesPerMonth: PLAN_LIMITS.premium.minutesPerMonth,
    summary: `Premium costs $9.99 per month or $4.49 per week: ${allowance('premium')}, live recording, the transcript editor with autosave, translation of transcripts into seven languages, search across transcripts, every export format and email support.`,
  },
  business_pro: {
    name: 'Business Pro',
    minutesPerMonth: PLAN_LIMITS.business_pro.minutesPerMonth,
    summary: `Business Pro costs $19.99 per month or $9.49 per week: ${allowance('business_pro')}, everything in Premium plus speaker labels and AI summaries.`,
  },
};
