/** What other modules may read of an ad (the repository stays this module's). */
export { findAd, findAdWithPlace, type AdRow, type AdWithPlace } from './ad-repository.js';
export { languageOfAdPoster } from './ad-poster-language.js';
