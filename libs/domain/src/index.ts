export * from './currency';
export * from './catalogue';
export * from './precision';
export * from './constants';
export * from './texts';
export * from './errors';
export * from './api-types';
export * from './plans';
