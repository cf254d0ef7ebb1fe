import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { CHAT_SESSIONS, type ChatSessionDoc } from '@scrivo/domain/chat';
import { READ_MODELS } from '../../infrastructure/tokens';
import { VisitorTokens } from './visitor-tokens';

/** A session as its visitor reaches it: only with its token; a wrong token is as not found as a missing session. */
@Injectable()
export class VisitorSessions {
  constructor(
    private readonly tokens: VisitorTokens,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async owned(sessionId: string, token: string | undefined): Promise<ChatSessionDoc> {
    const doc = this.tokens.verify(sessionId, token)
      ? await this.readModels.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId)
      : null;
    if (!doc) throw new NotFoundError('Chat session', sessionId);
    return doc;
  }
}
