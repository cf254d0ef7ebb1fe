export * from './events';
export * from './permissions';
export * from './workspace.decider';
export * from './projections/workspaces.projection';
export * from './workflows/invitation-emails.workflow';
