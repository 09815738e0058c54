import {
  contactKinds,
  type ContactKind,
  type PlannedVisit,
  type Rate,
  type WeekHours,
} from '@adboard/shared';
import { dialNumber, readablePhone } from './page-text.js';
import {
  badgeOfTier,
  type AdBadge,
  type AdPageData,
  type SizedPhoto,
} from './public-ad-repository.js';

/** One way to reach the poster, as the page links it. */
export interface PublicContact {
  kind: ContactKind;
  /** tel: or sms: to the E.164 number, or mailto: */
  href: string;
  /** As a reader reads it: (702) 208-4567. */
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
  /** The rates table, in order; [] when none. */
  rates: Rate[];
  /** Weekly hours; null when none were given. */
  hours: WeekHours | null;
  postedAt: Date | null;
  /** Premium while its time runs, VIP for a paid ad, else none. */
  badge: AdBadge;
  /** 'Available now' until then (issue 29); null when it is not running. */
  availableUntil: Date | null;
  /** Its visits to other cities not over yet, first first. */
  visits: PlannedVisit[];
  /** Whether the public may see it now (a preview shows it either way). */
  isPublic: boolean;
  /** Never the verification photo. */
  photos: SizedPhoto[];
  /** Only the kinds the poster chose, in the order call, text, email. */
  contacts: PublicContact[];
}

function contactOf(kind: ContactKind, row: AdPageData): PublicContact {
  switch (kind) {
    case 'call':
    case 'text': {
      const scheme = kind === 'call' ? 'tel' : 'sms';
      return {
        kind,
        href: `${scheme}:${dialNumber(row.phone, row.phoneE164)}`,
        text: readablePhone(row.phone, row.phoneE164),
      };
    }
    case 'email':
      return { kind, href: `mailto:${row.email}`, text: row.email };
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
    rates: row.rates,
    hours: row.hours,
    postedAt: row.postedAt,
    badge: badgeOfTier(row.tier),
    availableUntil: row.availableUntil,
    visits: row.visits,
    isPublic: row.isPublic,
    photos: row.photos
      .filter((photo) => !photo.isVerification)
      .map((photo) => ({
        id: photo.id,
        adId: photo.adId,
        width: photo.width,
        height: photo.height,
      })),
    contacts: chosen.map((kind) => contactOf(kind, row)),
  };
}
