/**
 * Texts and formats of the public pages that the shared catalogue
 * (`publicPageMessages`) does not hold: search titles, breadcrumbs, the pager, the
 * gallery and the contact buttons.
 */
export const pageText = {
  cityTitle: (city: string, site: string) => `Companions in ${city} | ${site}`,
  cityPageTitle: (city: string, site: string, page: number) =>
    `Companions in ${city}, page ${page} | ${site}`,
  cityDescription: (city: string, region: string, site: string) =>
    `Companion ads in ${city}, ${region} on ${site}. Every ad is reviewed by a moderator before it is shown.`,
  adDescription: (title: string, age: number, city: string, region: string, site: string) =>
    `${title}: ${age} years, ${city}, ${region}. An ad reviewed by a moderator on ${site}.`,
  adCount: (n: number) => (n === 1 ? '1 ad' : `${n} ads`),
  pageOfTotal: (page: number, total: number) => `Page ${page} of ${total}`,
  pagination: 'Pages',
  breadcrumb: 'Breadcrumb',
  postAd: 'Post an ad',
  gallery: 'Photos',
  /** The strip of large photos: it scrolls, so it takes the keyboard's focus by this name. */
  galleryStrip: 'Photos, side by side: scroll with the arrow keys',
  photoCount: (n: number) => (n === 1 ? '1 photo' : `${n} photos`),
  showPhoto: (n: number) => `Show photo ${n}`,
  noPhoto: 'No public photo',
  callAction: 'Call',
  textAction: 'Text',
  emailAction: 'Email',
  notFoundBack: 'See the ads of this city',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** '27 Nov 2026' (UTC): readable, and the same bytes all day long so an ETag holds. */
export function readableDay(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}

/**
 * 'today', 'yesterday', '3 days ago' within a week, then the day itself. Counted in
 * whole UTC days, so the words change once a day (the page is re-rendered anyway).
 */
export function postedWhen(date: Date, now: Date): string {
  const days = Math.floor(now.getTime() / DAY_MS) - Math.floor(date.getTime() / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return `on ${readableDay(date)}`;
}

/** `<time datetime>`: the day, for machines (the text a reader sees is never ISO). */
export function machineDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const NANP = /^\+1(\d{3})(\d{3})(\d{4})$/;

/** What a tel: or sms: link dials: the E.164 form when known, else the digits typed. */
export function dialNumber(phone: string, e164: string | null): string {
  return e164 ? e164 : phone.replace(/[^\d+]/g, '');
}

/** The phone as a reader reads it: (702) 208-4567 for a North American number. */
export function readablePhone(phone: string, e164: string | null): string {
  const nanp = e164 ? NANP.exec(e164) : null;
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  return e164 || phone;
}

/** The letter of a card without a public photo: the title's first letter or digit. */
export function initialOf(title: string): string {
  const match = /[\p{L}\p{N}]/u.exec(title);
  return match ? match[0].toLocaleUpperCase('en-US') : '?';
}

const EMAIL_LIKE = /\S+@\S+/g;
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;

/** Text for search snippets and link previews: never an email address or a phone number. */
export function withoutContacts(text: string): string {
  return text.replace(EMAIL_LIKE, '').replace(PHONE_LIKE, '').replace(/\s+/g, ' ').trim();
}
