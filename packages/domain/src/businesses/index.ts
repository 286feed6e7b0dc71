export * from './business-profile';
