export * from './auth';
export * from './common-passwords';
export * from './roles';
export * from './notification-settings';
export * from './security';
export * from './deletion';
export * from './profile-settings';
