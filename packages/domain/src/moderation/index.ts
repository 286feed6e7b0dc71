export * from './moderation-vocabulary';
export * from './moderation-messages';
export * from './blocks';
export * from './reports';
