export * from './events';
export * from './webhooks.decider';
export * from './webhook-delivery.decider';
export * from './projections/webhooks.projection';
