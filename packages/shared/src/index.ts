export * from './constants.js';
export * from './errors.js';
export * from './health.js';
export * from './plans.js';
export * from './validation.js';
