import {
  adRateLimits,
  adTypes,
  contactKinds,
  countryCodeSchema,
  rateDurations,
  ratePlaces,
  weekDays,
} from '@adboard/shared';
import { z } from 'zod';
import { adFormFields, dayKinds } from './ad-form-model';
import { isDraftKey } from './draft-keys';

/**
 * The wizard's local draft (docs/decisions.md, 'The wizard keeps a local draft'):
 * what was typed and not saved yet, kept in this browser's localStorage under one key
 * per site, per person (a user id or 'anon') and per ad ('new' or its id). It holds
 * the ad's own fields only: never a password, a session or an edit token.
 */

/** A draft older than this is dropped when read: an old half-typed ad is rarely wanted. */
export const draftMaxAgeMs = 7 * 24 * 60 * 60 * 1000;
/** Typing is written this long after the last change (and at once when the page goes). */
export const draftSaveDelayMs = 500;

const draftVersion = 1;
// Generous bounds: the description is HTML; anything bigger is not a draft of ours.
const textMax = 200_000;
const shortMax = 500;

/** The steps a draft of a new ad can reopen. */
export const draftViews = ['rules', 'type', 'form'] as const;
export type DraftView = (typeof draftViews)[number];

// Every field of the form, each a string (zod's record of an enum wants them all).
const valuesSchema = z.record(z.enum(adFormFields), z.string().max(textMax));

// The rates and hours as typed; a draft written before them has none (the ad's stay).
const draftRatesSchema = z
  .array(
    z.object({
      duration: z.enum(rateDurations),
      place: z.enum(ratePlaces),
      amount: z.string().max(shortMax),
    }),
  )
  .max(adRateLimits.ratesMax);
const dayRowSchema = z.object({
  kind: z.enum(dayKinds),
  from: z.string().max(shortMax),
  to: z.string().max(shortMax),
});
const draftHoursSchema = z.object(
  Object.fromEntries(weekDays.map((day) => [day, dayRowSchema])) as Record<
    (typeof weekDays)[number],
    typeof dayRowSchema
  >,
);

const draftSchema = z.object({
  version: z.literal(draftVersion),
  savedAt: z.number().int().nonnegative(),
  view: z.enum(draftViews),
  rulesAccepted: z.boolean(),
  location: z.object({
    country: countryCodeSchema,
    countryFull: z.string().max(shortMax),
    city: z.string().max(shortMax),
    cityFull: z.string().max(shortMax),
  }),
  type: z.enum(adTypes).nullable(),
  values: valuesSchema,
  contacts: z.array(z.enum(contactKinds)).max(contactKinds.length),
  rates: draftRatesSchema.optional(),
  hours: draftHoursSchema.optional(),
  startsOn: z.string().max(shortMax).optional(),
  revealed: z.boolean(),
  /** An existing ad: a fingerprint of the ad as the server had it when the draft began. */
  baseline: z.string().max(shortMax).nullable(),
});

export type AdDraft = z.infer<typeof draftSchema>;
/** A draft as the wizard hands it over: the time and version are added when it is written. */
export type AdDraftContent = Omit<AdDraft, 'version' | 'savedAt'>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parseDraft(raw: string, now: number): AdDraft | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const age = now - parsed.data.savedAt;
    // Expired, or from a clock that ran ahead by more than a minute.
    return age <= draftMaxAgeMs && age >= -60_000 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The draft under a key; a broken, old-format or expired draft is removed and read as none. */
export function readDraft(key: string, now: number = Date.now()): AdDraft | null {
  const store = storage();
  try {
    const raw = store?.getItem(key);
    if (!raw) return null;
    const draft = parseDraft(raw, now);
    if (!draft) store?.removeItem(key);
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, content: AdDraftContent, now: number = Date.now()): void {
  const draft: AdDraft = { ...content, version: draftVersion, savedAt: now };
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota or privacy settings: the draft then lives only as long as the page.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** Removes every broken or expired draft of this browser, whoever wrote it. */
export function pruneDrafts(now: number = Date.now()): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) {
      if (key !== null && isDraftKey(key)) readDraft(key, now);
    }
  } catch {
    // Storage went away: nothing to tidy.
  }
}

/** A short fingerprint of a text (FNV-1a), to tell whether a saved ad changed. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}
