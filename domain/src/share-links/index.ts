export * from './events';
export * from './share-link.decider';
export * from './projections/share-links.projection';
