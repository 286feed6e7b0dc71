export * from './weeks';
export * from './business-trends';
export * from './platform-trends';
