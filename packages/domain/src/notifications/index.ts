export * from './notifications';
export * from './deliveries';
