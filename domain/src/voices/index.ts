export * from './events';
export * from './voice-print';
export * from './voices.decider';
export * from './named-speakers';
