import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who a signed photo link is for. `owner`: the ad's owner or edit-token holder,
 * any photo of the ad while it is not deleted and its owner not banned. `staff`:
 * a moderator reviewing the ad, whatever its state.
 */
export type PhotoLinkScope = 'owner' | 'staff';

/** The photo a link names. */
export interface PhotoRef {
  adId: number;
  id: string;
}

/**
 * Links are cut per whole hour and live one to two hours: the same photo gets the
 * same link for an hour, so a list fetched again does not reload every image, and a
 * link that leaks (a screenshot of the address bar, a shared tab) stops working soon.
 */
export const PHOTO_LINK_STEP_SECONDS = 3600;

/**
 * Signed links to photos the public may not see: an `<img>` sends no `session` or
 * `edit-token` header, so the API hands the owner and the moderators links that
 * carry their own short-lived permission (an HMAC of scope, ad, photo and expiry).
 */
export interface PhotoLinks {
  /** The `token` query value of a link to this photo (every width). */
  token(scope: PhotoLinkScope, photo: PhotoRef): string;
  /** The scope a token grants for this photo now; null if it is for another one, altered or expired. */
  check(adId: number, photoId: string, token: string): PhotoLinkScope | null;
}

const TOKEN = /^(owner|staff)\.(\d{1,12})\.([\w-]{43})$/;

export function createPhotoLinks(secret: Buffer, now: () => number = Date.now): PhotoLinks {
  const sign = (scope: PhotoLinkScope, adId: number, photoId: string, expires: number) =>
    createHmac('sha256', secret)
      .update(`photo-link\n${scope}\n${adId}\n${photoId}\n${expires}`)
      .digest('base64url');
  return {
    token(scope, photo) {
      const step = Math.floor(now() / 1000 / PHOTO_LINK_STEP_SECONDS);
      const expires = (step + 2) * PHOTO_LINK_STEP_SECONDS;
      return `${scope}.${expires}.${sign(scope, photo.adId, photo.id, expires)}`;
    },
    check(adId, photoId, token) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const scope = match[1] as PhotoLinkScope;
      const expires = Number(match[2]);
      if (expires * 1000 <= now()) return null;
      const expected = Buffer.from(sign(scope, adId, photoId, expires));
      const given = Buffer.from(match[3] ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected) ? scope : null;
    },
  };
}
