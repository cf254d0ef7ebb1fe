export * from './decider-spec';
export * from './deep-equal';
export * from './heard';
export * from './workflow-spec';
export * from './projection-spec';
