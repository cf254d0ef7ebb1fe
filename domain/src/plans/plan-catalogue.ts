// The plans of spec section 9: the one definition every feature (minutes, uploads, editor, speakers) reads.

/** Every plan, in the order the pricing table lists them. Contracts hold the same ids as a zod enum. */
export const PLAN_IDS = ['free', 'premium', 'business_pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

const MB = 1024 * 1024;

export interface PlanLimits {
  /** Monthly transcription allowance in minutes; null = unlimited. */
  readonly minutesPerMonth: number | null;
  /** Largest file one upload may be, before the installation-wide cap. */
  readonly maxUploadBytes: number;
  /** Spec section 9 (pricing table): the transcript editor is a Premium and Business Pro feature. */
  readonly transcriptEditor: boolean;
  /** Spec section 9: speaker labels ("who spoke when") are a Business Pro feature. */
  readonly speakerLabels: boolean;
  /** Spec section 9: AI summaries are a Business Pro feature. */
  readonly summaries: boolean;
  /** Spec section 9: translation is a Premium and Business Pro feature. */
  readonly translation: boolean;
  /**
   * Questions answered from the transcript go with AI summaries (Business Pro): each answer holds the shared
   * language model for 10-45 s on 2 cores (measured in docs/questions.md), too much to offer every Premium user.
   */
  readonly questions: boolean;
}

/**
 * Spec section 9: Free 5 min/month, Premium 120, Business Pro unlimited with files up to 1 GB. The spec gives no
 * file limit for Free and Premium; 200 MB (an hour of typical MP3/M4A) and 500 MB (the Spanish page's figure)
 * keep the tiers apart without refusing ordinary recordings.
 */
export const PLAN_LIMITS: Readonly<Record<PlanId, PlanLimits>> = {
  free: {
    minutesPerMonth: 5,
    maxUploadBytes: 200 * MB,
    transcriptEditor: false,
    speakerLabels: false,
    summaries: false,
    translation: false,
    questions: false,
  },
  premium: {
    minutesPerMonth: 120,
    maxUploadBytes: 500 * MB,
    transcriptEditor: true,
    speakerLabels: false,
    summaries: false,
    translation: true,
    questions: false,
  },
  business_pro: {
    minutesPerMonth: null,
    maxUploadBytes: 1024 * MB,
    transcriptEditor: true,
    speakerLabels: true,
    summaries: true,
    translation: true,
    questions: true,
  },
};

/** The plan's file limit, capped by the installation's (SCRIVO_MAX_UPLOAD_BYTES). */
export const maxUploadBytesFor = (plan: PlanId, installationCap: number): number =>
  Math.min(PLAN_LIMITS[plan].maxUploadBytes, installationCap);
