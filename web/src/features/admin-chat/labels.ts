import type { ChatStatus, PlanId, EscalationReason } from '@scrivo/contracts';
import { TIER_LABEL } from '../../lib/tier-label';

export const STATUS_LABEL: Record<ChatStatus, string> = {
  active: 'Active',
  escalated: 'Escalated',
  resolved: 'Resolved',
};
export const STATUS_TONE: Record<ChatStatus, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  escalated: 'bg-amber-100 text-amber-900',
  resolved: 'bg-slate-200 text-slate-700',
};
export const tierLabel = (tier: PlanId | null) => (tier ? TIER_LABEL[tier] : 'Visitor');
export const REASON_LABEL: Record<EscalationReason, string> = {
  requested_human: 'Asked for a person',
  low_confidence: 'Assistant unsure',
  repeated_question: 'Repeated question',
};

export const formatTime = (iso: string, now = new Date()) => {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
};
