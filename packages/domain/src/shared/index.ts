export * from './api';
export * from './constants';
export * from './format';
export * from './statuses';
export * from './time-windows';
