import type { Actor } from '@scrivo/domain';
import { type ChatSessionCommand, ChatStreams, chatSessionDecider } from '@scrivo/domain/chat';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import type { TestApp } from '../support/test-app';

/** Chat sessions put into a given state through the app's one stream runner (the pact tests' provider states). */
export const chatSeeding = (app: TestApp) => {
  const runner = app.scrivo.app.get(StreamRunner);
  return {
    now: () => runner.now(),
    session: (sessionId: string, command: ChatSessionCommand, actor: Actor) =>
      runner.run(chatSessionDecider, ChatStreams.session(sessionId), command, { actor }),
  };
};
