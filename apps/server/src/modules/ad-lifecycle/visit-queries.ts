/** What other modules may read of an ad's visits (the repository stays this module's). */
export { listPlannedVisits, type NewVisit } from './visit-repository.js';
