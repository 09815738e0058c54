/** What other modules may read of an ad's photos (the repository stays this module's). */
export { findExistingPhotoIds, listPhotos, type PhotoRow } from './photo-repository.js';
export {
  DISPLAY_WIDTH,
  THUMB_WIDTH,
  photoKey,
  photoUrl,
  presentPhotos,
  publicPhotoSrc,
  signedPhotoUrl,
  type PhotoSrc,
} from './photo-presenter.js';
export type { PhotoLinks } from './photo-links.js';
