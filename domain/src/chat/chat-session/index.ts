export type { ChatSessionCommand, ChatSessionCommandOf } from './commands';
export { chatSessionDecider } from './decider';
export type { ChatSessionState } from './state';
