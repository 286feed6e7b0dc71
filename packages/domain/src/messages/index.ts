export * from './conversations';
