export * from './events';
export * from './library.decider';
export * from './projections/library.projection';
