export * from './citations';
export * from './ports';
export * from './transcript-lines';
