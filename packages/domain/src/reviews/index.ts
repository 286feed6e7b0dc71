export * from './reviews';
export * from './two-way';
