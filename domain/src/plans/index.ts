export * from './plan-catalogue';
