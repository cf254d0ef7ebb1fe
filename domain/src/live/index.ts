export * from './events';
export * from './live-session.decider';
