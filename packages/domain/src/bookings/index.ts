export * from './booking-messages';
export * from './bookings';
export * from './business-jobs';
export * from './business-dashboard';
export * from './customer-bookings';
export * from './booking-change-messages';
export * from './cancellation';
export * from './reschedule';
