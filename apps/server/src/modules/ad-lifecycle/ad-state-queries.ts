/** What other modules may read of the lifecycle's SQL (the repository stays this module's). */
export { ownerBannedSqlOf, type AdRow } from './ad-state-repository.js';
