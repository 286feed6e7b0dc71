export * from './location-privacy';
export * from './business-moves';
export * from './coordinates';
export * from './distance-phrase';
