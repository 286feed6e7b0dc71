/** The street address of the pool request: businesses may see it only once their quote is accepted. */
export const EXACT_ADDRESS = '3 Bay Rd, Manly NSW 2095';

/** The module tests' common customer request (POST /api/requests): pool maintenance in Manly. */
export const POOL_REQUEST = {
  serviceType: 'Home & Property Services',
  serviceSubtype: 'pool-maintenance',
  description: 'The pool pump is making a grinding noise.',
  location: EXACT_ADDRESS,
  serviceAreaKm: 10,
  budget: 250,
} as const;
