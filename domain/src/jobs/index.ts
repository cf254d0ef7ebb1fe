export * from './events';
export * from './job.decider';
export * from './ports';
export * from './fair-order';
