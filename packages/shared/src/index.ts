export * from './account.js';
export * from './auth.js';
export * from './changelog.js';
export * from './constants.js';
export * from './errors.js';
export * from './health.js';
export * from './plans.js';
export * from './validation.js';
