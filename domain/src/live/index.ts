export * from './events';
export * from './live-session.decider';
export * from './projections/open-live-sessions.projection';
export * from './workflows/live-recordings.workflow';
