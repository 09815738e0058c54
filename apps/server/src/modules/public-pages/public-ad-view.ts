import { contactKindLabels, contactKinds, type ContactKind } from '@adboard/shared';
import type { AdPageData, PagePhoto } from './public-ad-repository.js';

/** One way to reach the poster, as the page links it. */
export interface PublicContact {
  kind: ContactKind;
  label: string;
  /** tel:, sms: or mailto: */
  href: string;
  text: string;
}

/**
 * What the public sees of an ad: the details page and its preview print this and
 * nothing else. Built field by field, so a column added to the row never reaches a
 * page by accident.
 */
export interface PublicAdView {
  id: number;
  citySlug: string;
  cityName: string;
  region: string;
  title: string;
  /** Sanitised when it was saved (posts/sanitize-description.ts). */
  descriptionHtml: string;
  descriptionText: string;
  name: string;
  age: number;
  ethnicity: string | null;
  business: string | null;
  incalls: string | null;
  outcalls: string | null;
  postedAt: Date | null;
  /** Whether the public may see it now (a preview shows it either way). */
  isPublic: boolean;
  /** Never the verification photo. */
  photos: PagePhoto[];
  /** Only the kinds the poster chose, in the order call, text, email. */
  contacts: PublicContact[];
}

/** The number as a tel: or sms: link dials it: digits and a leading plus. */
function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

function contactOf(kind: ContactKind, row: AdPageData): PublicContact {
  const label = contactKindLabels[kind];
  switch (kind) {
    case 'call':
      return { kind, label, href: `tel:${dialable(row.phone)}`, text: row.phone };
    case 'text':
      return { kind, label, href: `sms:${dialable(row.phone)}`, text: row.phone };
    case 'email':
      return { kind, label, href: `mailto:${row.email}`, text: row.email };
  }
}

/**
 * The one rule of what an ad shows the public: its words, details and city, the
 * photos but the verification photo, and only the contacts the poster chose. The
 * ad's email (an account's email, for a signed-in poster) is left out unless chosen.
 */
export function toPublicAdView(row: AdPageData): PublicAdView {
  const chosen = contactKinds.filter((kind) => row.publicContacts.includes(kind));
  return {
    id: row.id,
    citySlug: row.citySlug,
    cityName: row.cityName,
    region: row.region,
    title: row.title,
    descriptionHtml: row.descriptionHtml,
    descriptionText: row.descriptionText,
    name: row.name,
    age: row.age,
    ethnicity: row.ethnicity,
    business: row.business,
    incalls: row.incalls,
    outcalls: row.outcalls,
    postedAt: row.postedAt,
    isPublic: row.isPublic,
    photos: row.photos
      .filter((photo) => !photo.isVerification)
      .map((photo) => ({ id: photo.id, adId: photo.adId })),
    contacts: chosen.map((kind) => contactOf(kind, row)),
  };
}
