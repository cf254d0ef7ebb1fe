export * from './events';
export * from './live-session.decider';
export * from './projections/open-live-sessions.projection';
export * from './workflows/live-recordings.workflow';
export * from './workflows/live-start.workflow';
