/**
 * What code outside the accounts module may read of accounts (the repositories
 * stay this module's): the session a request carries, the ad an edit token opens, the
 * language an ad's poster reads.
 */
export { authenticateSession } from './sessions.js';
export { findAdByEditTokenHash } from './edit-token-repository.js';
export { posterLanguage } from './poster-language.js';
