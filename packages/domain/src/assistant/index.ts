/**
 * The request assistant (spec 2 §4 "Assistant chat flow", §8 Assistant, §9 Assistant): matching a
 * need to a category, the market-analysis rules and the answer parsers of the gathering steps.
 */
export * from './constants';
export * from './keywords';
export * from './classify-need';
export * from './market';
export * from './script';
export * from './parse-budget';
export * from './parse-when';
export * from './parse-confirmation';
