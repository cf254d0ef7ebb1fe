import type { ChatSource } from '../events';

export type ChatSessionCommand =
  | {
      readonly type: 'StartChat';
      readonly sessionId: string;
      readonly siteKey: string;
      readonly contextPage: string;
      readonly visitorId: string;
      /** A verified identity only: unverified ones are dropped before they get here. */
      readonly identity: { readonly userId: string; readonly email: string | null } | null;
      readonly at: string;
    }
  | {
      readonly type: 'IdentifyVisitor';
      readonly userId: string;
      readonly email: string | null;
      readonly at: string;
    }
  | { readonly type: 'ChangeContextPage'; readonly contextPage: string; readonly at: string }
  | {
      readonly type: 'PostVisitorMessage';
      readonly messageId: string;
      readonly content: string;
      readonly at: string;
    }
  | { readonly type: 'RequestHuman'; readonly at: string }
  | {
      readonly type: 'RecordAssistantAnswer';
      readonly messageId: string;
      readonly content: string;
      readonly confidenceScore: number;
      readonly sources: readonly ChatSource[];
      readonly threshold: number;
      readonly at: string;
    }
  | {
      readonly type: 'AdminRespond';
      readonly messageId: string;
      readonly adminId: string;
      readonly content: string;
      readonly markResolved: boolean;
      readonly at: string;
    }
  | { readonly type: 'CloseChat'; readonly adminId: string; readonly at: string }
  | { readonly type: 'RateChat'; readonly rating: number; readonly at: string }
  | { readonly type: 'LeaveContactEmail'; readonly email: string; readonly at: string }
  | { readonly type: 'MarkReadByAdmin'; readonly adminId: string; readonly at: string }
  | { readonly type: 'EraseChatSession'; readonly at: string };

/** One command of the union, by its type: what each command's function takes. */
export type ChatSessionCommandOf<Type extends ChatSessionCommand['type']> = Extract<
  ChatSessionCommand,
  { readonly type: Type }
>;
