export * from './events';
export * from './stream-kinds';
export * from './state-diff';
export * from './moment-views';
export * from './time-travel';
export * from './projections/correlation-index.projection';
export * from './projections/stream-index.projection';
export * from './secrets';
