import type { ChatSource } from './events';

import type { PlanId } from '../plans/plan-catalogue';

/** @deprecated the plan id under its chat name; use PlanId. */
export type PlanTier = PlanId;

/** What the assistant may know about the person asking: only facts read from the read models. */
export interface AssistantUserContext {
  readonly email: string;
  readonly plan: PlanId;
  readonly minutesUsed: number;
}

export interface AssistantQuestion {
  readonly question: string;
  /** The page the visitor is on, a hint for retrieval. */
  readonly contextPage?: string;
  /** Null for anonymous visitors: the assistant must not state account facts then. */
  readonly user: AssistantUserContext | null;
}

export interface AssistantAnswer {
  readonly content: string;
  /** 0..1, derived from how well the help content matched; below the threshold a person takes over. */
  readonly confidence: number;
  /** The articles the answer came from (empty when nothing matched). */
  readonly sources: readonly ChatSource[];
}

/** Answers visitors' questions from the product's own help content. */
export interface Assistant {
  readonly name: string;
  answer(question: AssistantQuestion): Promise<AssistantAnswer>;
}
