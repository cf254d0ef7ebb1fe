export * from './events';
export * from './summary-template';
export * from './summary-templates.decider';
