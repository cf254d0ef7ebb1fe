export * from './events';
export * from './permissions';
export * from './personal-retention';
export * from './retention';
export * from './workspace.decider';
export * from './projections/workspace-retention.projection';
export * from './projections/workspaces.projection';
export * from './workflows/invitation-emails.workflow';
