export * from './navigation';
export * from './routes';
export * from './uploads';
export * from './live-events';
export * from './installable-app';
