export * from './matching';
export * from './service-catalogue';
