/** What other modules may read of the outbox (the repository stays this module's). */
export { outboxChannels, readOutboxBacklog, type OutboxBacklog } from './outbox-repository.js';
