export * from './events';
export * from './languages';
export * from './translation.decider';
export * from './translated-transcript';
export * from './speech-source';
