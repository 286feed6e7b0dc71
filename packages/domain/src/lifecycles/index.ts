export * from './lifecycle';
export * from './request';
export * from './offer';
export * from './job';
export * from './named-states';
