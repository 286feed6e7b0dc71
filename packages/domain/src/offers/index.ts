export * from './responses';
export * from './business-opportunities';
export * from './offer-messages';
export * from './customer-offers';
export * from './terms-agreement';
export * from './my-responses';
export * from './offer-facts';
