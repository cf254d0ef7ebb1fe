export * from './create-app';
export * from './config/config';
