export * from './events';
export * from './data-export.decider';
export * from './projections/data-exports.projection';
export * from './personal-data';
