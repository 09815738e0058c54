/** What other modules may read of the outbox (the repository stays this module's). */
export { readOutboxBacklog, type OutboxBacklog } from './outbox-repository.js';
