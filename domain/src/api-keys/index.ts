export * from './events';
export * from './api-key.decider';
export * from './projections/api-keys.projection';
