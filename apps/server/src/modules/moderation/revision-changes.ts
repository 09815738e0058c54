import {
  businessOptions,
  consoleMessages,
  contactKindLabels,
  ethnicityOptions,
  hoursText,
  incallOptions,
  optionText,
  outcallOptions,
  ratesText,
  type RevisionChange,
} from '@adboard/shared';
import type { AdRow } from '../ads/ad-repository.js';

const labels = consoleMessages.review.facts;

/** An ad as a moderator compares it: one text per reviewed field, null when empty. */
type Shown = (ad: AdRow) => string | null;

const text = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : value;

/**
 * The fields an edit of a live ad can change that moderators review, in the
 * order the ad form shows them. The description is compared as its text (the
 * sanitised HTML differs in markup a moderator does not need to read).
 */
const reviewedFields: ReadonlyArray<readonly [label: string, shown: Shown]> = [
  [labels.location, (ad) => `${ad.citySlug}, ${ad.countryCode}`],
  [labels.title, (ad) => text(ad.title)],
  [labels.description, (ad) => text(ad.descriptionText)],
  [labels.name, (ad) => text(ad.name)],
  [labels.age, (ad) => String(ad.age)],
  [labels.ethnicity, (ad) => optionText(ethnicityOptions, ad.ethnicity)],
  [labels.business, (ad) => optionText(businessOptions, ad.business)],
  [labels.incalls, (ad) => optionText(incallOptions, ad.incalls)],
  [labels.outcalls, (ad) => optionText(outcallOptions, ad.outcalls)],
  [labels.phone, (ad) => text(ad.phone)],
  [labels.backlink, (ad) => text(ad.backlink)],
  [
    labels.contacts,
    (ad) => text(ad.publicContacts.map((kind) => contactKindLabels[kind]).join(', ')),
  ],
  // Rates and hours are content: an edit of them waits for review like the text.
  [labels.rates, (ad) => ratesText(ad.rates)],
  [labels.hours, (ad) => hoursText(ad.hours)],
];

/** What an edit changes: each reviewed field whose shown value differs, before and after. */
export function describeRevisionChanges(current: AdRow, proposed: AdRow): RevisionChange[] {
  const changes: RevisionChange[] = [];
  for (const [field, shown] of reviewedFields) {
    const before = shown(current);
    const after = shown(proposed);
    if (before !== after) changes.push({ field, before, after });
  }
  return changes;
}
