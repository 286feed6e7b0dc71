export * from './booking-messages';
export * from './bookings';
export * from './business-jobs';
export * from './business-dashboard';
export * from './customer-bookings';
