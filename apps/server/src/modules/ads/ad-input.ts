import {
  adLimits,
  adMessages,
  findRefusedWords,
  hasHours,
  type AdForm,
  type ContactKind,
  type Rate,
  type Said,
  type WeekHours,
} from '@adboard/shared';
import type { AdFlag } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { ValidationError } from '../../domain/errors.js';
import { normalizeBacklink } from '../ad-checks/backlink-key.js';
import { checkPhone } from '../ad-checks/phone-check.js';
import { cityExists, isBacklinkHeldElsewhere } from './ad-repository.js';
import { sanitizeDescription } from './sanitize-description.js';

/** The ad's columns computed from a validated form: what create and update both store. */
export interface AdColumns {
  countryCode: string;
  citySlug: string;
  title: string;
  descriptionHtml: string;
  descriptionText: string;
  name: string;
  age: number;
  phone: string;
  phoneE164: string;
  ethnicity: string | null;
  business: string | null;
  incalls: string | null;
  outcalls: string | null;
  backlink: string | null;
  backlinkKey: string | null;
  /** Absent when the form left the choice out: the ad keeps its own (a new ad the default). */
  publicContacts?: ContactKind[];
  /** Absent when the form left them out: the ad keeps its own. */
  rates?: Rate[];
  /** Absent: kept; null: none (a week closed every day is none). */
  hours?: WeekHours | null;
  /** Absent: kept; null: public at approval; a date: public on that day (issue 29). */
  startsOn?: string | null;
  flags: AdFlag[];
}

/**
 * The server's own checks beyond the shared schema: the city exists, the
 * description's text fits once sanitised, the phone is dialable for the
 * country. Refused words do not refuse: they flag the ad for moderators.
 */
export async function prepareAdColumns(db: Db, form: AdForm): Promise<AdColumns> {
  const fields: Record<string, Said> = {};
  if (!(await cityExists(db, form.country, form.city))) fields.city = adMessages.form.city;
  const description = sanitizeDescription(form.description);
  if (description.text === '') fields.description = adMessages.form.required;
  if ([...description.text].length > adLimits.descriptionTextMax) {
    fields.description = adMessages.form.tooLong({ max: adLimits.descriptionTextMax });
  }
  const phone = checkPhone(form.phone, form.country);
  if (!phone.valid || !phone.e164) fields.phone = adMessages.form.phoneNotDialable;
  if (Object.keys(fields).length > 0) {
    const first = Object.keys(fields).length === 1 ? Object.values(fields)[0] : undefined;
    throw new ValidationError(first ?? adMessages.form.invalidSummary, fields);
  }
  const words = findRefusedWords(`${form.title} ${form.name} ${description.text}`);
  return {
    countryCode: form.country,
    citySlug: form.city,
    title: form.title,
    descriptionHtml: description.html,
    descriptionText: description.text,
    name: form.name,
    age: form.age,
    phone: form.phone,
    phoneE164: phone.e164 ?? '',
    ethnicity: form.ethnicity,
    business: form.business,
    incalls: form.incalls,
    outcalls: form.outcalls,
    backlink: form.backlink,
    backlinkKey: form.backlink ? normalizeBacklink(form.backlink) : null,
    ...(form.contacts ? { publicContacts: form.contacts } : {}),
    ...(form.rates ? { rates: form.rates } : {}),
    ...(form.hours !== undefined ? { hours: hasHours(form.hours) ? form.hours : null } : {}),
    ...(form.starts_on !== undefined ? { startsOn: form.starts_on } : {}),
    flags: words.length > 0 ? [{ kind: 'refused_words', words }] : [],
  };
}

/**
 * Postgres unique violation on the one-ad-per-backlink index. Drizzle wraps
 * the driver's error in its own (the original is its `cause`).
 */
export function isBacklinkTaken(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; depth += 1) {
    const { code, constraint } = e as Error & { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'ads_backlink_key_idx') return true;
    e = e.cause;
  }
  return false;
}

export const backlinkTakenError = () =>
  new ValidationError(adMessages.form.backlinkTaken, { backlink: adMessages.form.backlinkTaken });

/** Refuses a link another ad holds or another live ad's waiting edit asks for. */
export async function ensureBacklinkFree(
  db: Db,
  backlinkKey: string | null,
  adId: number | null,
): Promise<void> {
  if (backlinkKey && (await isBacklinkHeldElsewhere(db, backlinkKey, adId))) {
    throw backlinkTakenError();
  }
}
