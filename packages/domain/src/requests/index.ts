export * from './request-messages';
export * from './requests';
export * from './request-form';
export * from './request-status';
export * from './api-requests';
export * from './business-requests';
export * from './business-feed';
