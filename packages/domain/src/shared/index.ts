export * from './api';
export * from './constants';
export * from './format';
export * from './text';
export * from './statuses';
export * from './time-windows';
