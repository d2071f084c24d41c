export * from './free-port.js';
export * from './test-database.js';
export * from './test-env.js';
export * from './test-redis.js';
export * from './test-stack.js';
export * from './test-outbox.js';
