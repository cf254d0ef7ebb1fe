export * from './events';
export * from './summary';
export * from './summary-content';
export * from './summary.decider';
export * from './summary-settings.decider';
export * from './templates';
