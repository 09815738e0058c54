/** What other modules may read of the cities (the repository stays this module's). */
export { findCityRow } from './location-repository.js';
