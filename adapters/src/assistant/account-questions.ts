import type { AssistantAnswer, AssistantUserContext } from '@scrivo/domain/chat';
import { PLANS } from './plans';

const ABOUT_MY_ACCOUNT =
  /\b(my|am i|have i|i've|do i have|i have)\b[^.?!]{0,40}\b(plan|tier|subscription|minutes?|usage|used|left|remaining|allowance|account)\b|\b(plan|tier|subscription)\b[^.?!]{0,12}\b(am i|do i have|i'm on|i am on|have i)\b|\bhow many minutes\b[^.?!]{0,30}\b(i|me|my)\b|\b(mi plan|mon forfait|mon abonnement|mes minutes|mis minutos)\b/i;

/** "What plan am I on?", "How many minutes have I used?": questions only the account's own data answers. */
export const isAccountQuestion = (question: string): boolean => ABOUT_MY_ACCOUNT.test(question);

const SOURCE = { slug: 'plans-and-minutes', title: 'Plans, prices and minutes' };

/**
 * Answers from the read models' facts and nothing else. Without a signed-in user there are no facts, so the
 * answer says so with a confidence low enough for a person to take over.
 */
export const answerAccountQuestion = (user: AssistantUserContext | null): AssistantAnswer => {
  if (!user)
    return {
      content:
        "I can only see account details when you're signed in. Sign in and ask again, or a person from our team can help.",
      confidence: 0.2,
      sources: [],
    };
  const plan = PLANS[user.plan];
  const used = Math.round(user.minutesUsed * 10) / 10;
  const allowance =
    plan.minutesPerMonth === null
      ? 'Your plan has unlimited minutes.'
      : `Your plan includes ${plan.minutesPerMonth} minutes per month, so you have ${Math.max(0, Math.round((plan.minutesPerMonth - used) * 10) / 10)} left.`;
  return {
    content: `You're on the ${plan.name} plan and have used ${used} minutes this month. ${allowance}`,
    confidence: 0.95,
    sources: [SOURCE],
  };
};
