import { describeExpiry, type Photo, type Post, type PostListRow } from '@adboard/shared';
import type { AdListItem, AdWithPlace } from './ad-repository.js';

/** The ad as its owner sees it (GET /api/post/{id}), with SPEC.md section 3's names. */
export function presentPost({ ad, city, countryName }: AdWithPlace, photos: Photo[]): Post {
  return {
    post_id: String(ad.id),
    type: ad.type,
    status: ad.status,
    title: ad.title,
    description: ad.descriptionHtml,
    age: ad.age,
    ethnicity: ad.ethnicity,
    phone: ad.phone,
    email: ad.email,
    name: ad.name,
    business: ad.business,
    incalls: ad.incalls,
    outcalls: ad.outcalls,
    backlink: ad.backlink,
    country: ad.countryCode,
    country_full: countryName,
    city: ad.citySlug,
    city_full: city.name,
    region: city.region,
    photos,
    paid: ad.paid,
    product: ad.product,
    expiry: ad.expiresAt ? ad.expiresAt.toISOString() : null,
    premium_until: ad.premiumUntil ? ad.premiumUntil.toISOString() : null,
    approved: ad.approved,
    posted: ad.postedAt ? ad.postedAt.toISOString() : null,
    flagged: ad.flags.length > 0,
    verification: {
      verified_email: ad.emailVerifiedAt !== null,
      verified_phone: ad.phoneVerifiedAt !== null,
      phone_verify: ad.phoneE164 !== null && ad.phoneVerifiedAt === null,
      error: null,
    },
  };
}

/** One row of My Posts. */
export function presentListRow(ad: AdListItem, now: Date = new Date()): PostListRow {
  const expired = ad.expiresAt !== null && ad.expiresAt.getTime() <= now.getTime();
  return {
    postId: String(ad.id),
    title: ad.title,
    location: `${ad.cityName}, ${ad.region}`,
    posted: ad.postedAt ? ad.postedAt.toISOString() : null,
    status: expired && ad.status === 'active' ? 'expired' : ad.status,
    expiresIn: describeExpiry(ad.expiresAt, now),
    product: ad.product,
    type: ad.type,
    city: ad.citySlug,
    premiumUntil: ad.premiumUntil ? ad.premiumUntil.toISOString() : null,
  };
}
