export * from './moderation-vocabulary';
