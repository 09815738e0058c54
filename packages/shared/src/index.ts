export * from './messages.js';
export * from './limits.js';
export * from './schemas/common.js';
export * from './schemas/account.js';
export * from './schemas/site.js';
export * from './schemas/locations.js';
export * from './schemas/posts.js';
export * from './schemas/outbox.js';
