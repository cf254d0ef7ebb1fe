export * from './events';
export * from './vocabulary.decider';
export * from './engine-vocabulary';
