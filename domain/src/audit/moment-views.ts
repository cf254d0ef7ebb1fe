import type { ChatSessionEvent } from '../chat/events';
import type { DomainEvent } from '../kernel/events';
import type { RecordingState } from '../recordings/recording';

/** One line of a chat as someone saw it. */
export interface ConversationLine {
  readonly role: 'user' | 'assistant' | 'admin';
  readonly content: string;
  readonly at: string;
}

/** What the admin queue showed beside each line: how sure the assistant was, and why people took over. */
export interface AdminConversationLine extends ConversationLine {
  readonly confidenceScore: number | null;
  readonly needsHumanReview: boolean;
}

export interface ChatMoment {
  readonly kind: 'chat-session';
  readonly status: 'active' | 'escalated' | 'resolved' | 'not started';
  /** The widget: the visitor's messages and the answers, assistant and people alike. */
  readonly visitor: ConversationLine[];
  /** The admin queue: the same lines with confidence, plus escalations, resolution, rating and contact. */
  readonly admin: {
    readonly lines: AdminConversationLine[];
    readonly escalations: string[];
    readonly rating: number | null;
    readonly contactEmail: string | null;
    readonly readUpToSeq: number;
  };
}

export interface RecordingMoment {
  readonly kind: 'recording';
  readonly status: RecordingState['status'] | 'not created';
  readonly transcriptVersion: number;
  /** Minutes of media as probed (what a transcription charges), rounded up; null before probing. */
  readonly minutes: number | null;
  readonly progress: number;
  readonly deleted: boolean;
}

export type Moment = ChatMoment | RecordingMoment;

const CHAT_TYPES = new Set<string>([
  'ChatSessionStarted',
  'ChatVisitorIdentified',
  'ChatContextPageChanged',
  'ChatMessagePosted',
  'ChatEscalated',
  'ChatAdminReplied',
  'ChatResolved',
  'ChatClosed',
  'ChatReopened',
  'ChatRated',
  'ChatContactEmailLeft',
  'ChatReadByAdmin',
] satisfies ChatSessionEvent['type'][]);

const isChatEvent = (event: DomainEvent): event is ChatSessionEvent => CHAT_TYPES.has(event.type);

/**
 * The conversation at a moment, built from the events so far: the chat decider keeps only what its rules need
 * (counts, status), not the messages, so the lines come from the same events it folds.
 */
export const chatMoment = (events: readonly DomainEvent[], status: ChatMoment['status']): ChatMoment => {
  const lines: AdminConversationLine[] = [];
  const escalations: string[] = [];
  let rating: number | null = null;
  let contactEmail: string | null = null;
  let readUpToSeq = 0;
  for (const event of events) {
    if (!isChatEvent(event)) continue;
    switch (event.type) {
      case 'ChatMessagePosted':
        lines.push({
          role: event.data.role,
          content: event.data.content,
          at: event.data.postedAt,
          confidenceScore: event.data.confidenceScore,
          needsHumanReview: event.data.needsHumanReview,
        });
        break;
      case 'ChatAdminReplied':
        lines.push({
          role: 'admin',
          content: event.data.content,
          at: event.data.postedAt,
          confidenceScore: null,
          needsHumanReview: false,
        });
        break;
      case 'ChatEscalated':
        escalations.push(`${event.data.at} ${event.data.reason}`);
        break;
      case 'ChatRated':
        rating = event.data.rating;
        break;
      case 'ChatContactEmailLeft':
        contactEmail = event.data.email;
        break;
      case 'ChatReadByAdmin':
        readUpToSeq = event.data.upToSeq;
        break;
      default:
        break;
    }
  }
  return {
    kind: 'chat-session',
    status,
    visitor: lines.map(({ role, content, at }) => ({ role, content, at })),
    admin: { lines, escalations, rating, contactEmail, readUpToSeq },
  };
};

export const recordingMoment = (state: RecordingState): RecordingMoment => ({
  kind: 'recording',
  status: state.exists ? state.status : 'not created',
  transcriptVersion: state.transcriptVersion,
  minutes: state.media ? Math.ceil(state.media.durationSeconds / 60) : null,
  progress: state.lastProgress,
  deleted: state.deleted !== null,
});
