import { adLifecycleSchema } from './ad-lifecycle.js';
import { z } from 'zod';
import {
  adLimits,
  adTypes,
  businessOptions,
  contactKinds,
  creatableAdTypes,
  defaultContacts,
  ethnicityOptions,
  incallOptions,
  isContactKind,
  outcallOptions,
  type ContactKind,
} from '../ad-options.js';
import { classifyIp } from '../ip-ranges.js';
import { adMessages } from '../i18n/catalogues/ads/index.js';
import { tagsOf } from '../i18n/said.js';
import { ratesSchema, rateSchema, weekHoursSchema } from './ad-rates.js';
import { adToolStateSchema, startsOnProblem, startsOnSchema } from './ad-tools.js';
import { emailSchema, textSchema } from './common.js';
import { countryCodeSchema } from './locations.js';
import { verificationPhotoCodeSchema } from '../verification-photo.js';

const m = tagsOf(adMessages.form);
const said = tagsOf(adMessages);

/** Sites whose links are never accepted (link farms, shorteners). */
export const blockedLinkHosts = ['bit.ly', 'tinyurl.com', 'goo.gl', 't.co', 'example.invalid'];

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The url rule of SPEC.md section 5: http, https or ftp; not a private or local
 * address (also in its numeric, octal and hex forms, which the URL parser
 * normalises); not a blocked site. Empty passes.
 */
export function isAllowedUrl(value: string): boolean {
  if (value.trim() === '') return true;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  if (!['http:', 'https:', 'ftp:'].includes(url.protocol)) return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || (!host.includes('.') && !host.startsWith('['))) return false;
  if (host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)) {
    return false;
  }
  if (classifyIp(host) === 'private') return false;
  return !blockedLinkHosts.some((b) => host === b || host.endsWith(`.${b}`));
}

const trimmed = (max: number) =>
  textSchema({ error: m.required })
    .min(1, { error: m.required })
    .max(max, { error: m.tooLong({ max }) });

/** Select values arrive as '' for "none"; stored as null. */
const optionalChoice = <T extends readonly { value: string }[]>(options: T) =>
  z
    .union(
      [z.literal(''), z.null(), z.enum(options.map((o) => o.value) as [string, ...string[]])],
      {
        error: m.option,
      },
    )
    .optional()
    .transform((v) => (v ? (v as T[number]['value']) : null));

export const adFieldRules = {
  name: trimmed(adLimits.nameMax),
  title: trimmed(adLimits.titleMax),
  /** Rich text; the server sanitises it and limits its plain text. */
  description: textSchema({ lines: 'many', trim: false, error: m.required })
    .max(adLimits.descriptionHtmlMax, { error: m.tooLong({ max: adLimits.descriptionTextMax }) })
    .refine((html) => html.replace(/<[^>]*>/g, '').trim() !== '', { error: m.required }),
  age: z
    .union([z.string(), z.number()], { error: m.age })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: m.age })
        .max(adLimits.ageMaxLength, { error: m.age })
        .regex(/^\d+$/, { error: m.age })
        .transform(Number)
        .pipe(z.number().int().min(adLimits.ageMin, { error: m.age })),
    ),
  phone: textSchema({ error: m.required })
    .min(1, { error: m.required })
    .max(adLimits.phoneMax, { error: m.tooLong({ max: adLimits.phoneMax }) })
    .refine(
      (v) => {
        const n = phoneDigits(v).length;
        return n >= adLimits.phoneDigitsMin && n <= adLimits.phoneDigitsMax;
      },
      { error: m.phone },
    ),
  email: emailSchema,
  ethnicity: optionalChoice(ethnicityOptions),
  business: optionalChoice(businessOptions),
  incalls: optionalChoice(incallOptions),
  outcalls: optionalChoice(outcallOptions),
  backlink: textSchema()
    .max(adLimits.backlinkMax, { error: m.tooLong({ max: adLimits.backlinkMax }) })
    .refine(isAllowedUrl, { error: m.url })
    .optional()
    .transform((v) => (v ? v : null)),
  country: countryCodeSchema.default('US'),
  /**
   * Which contacts the public page shows (call, text, email): at least one, each
   * kind once, in the order of `contactKinds` whatever order they were sent in.
   */
  contacts: z
    .array(z.unknown(), { error: m.contactOption })
    .max(contactKinds.length * 2, { error: m.contactOption })
    .transform((chosen, ctx): ContactKind[] => {
      if (!chosen.every((kind) => typeof kind === 'string' && isContactKind(kind))) {
        ctx.addIssue({ code: 'custom', message: m.contactOption });
        return z.NEVER;
      }
      const kinds = contactKinds.filter((kind) => chosen.includes(kind));
      if (kinds.length === 0) {
        ctx.addIssue({ code: 'custom', message: m.contactsRequired });
        return z.NEVER;
      }
      return kinds;
    }),
  city: z
    .string({ error: m.city })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,64}$/, { error: m.city }),
  /**
   * The day the ad goes public once approved (issue 29), YYYY-MM-DD (UTC), from today
   * to `startsOnMaxDaysAhead` days ahead; null: at approval.
   */
  startsOn: startsOnSchema.superRefine((date, ctx) => {
    const problem = date === null ? null : startsOnProblem(date);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
};

/** The ad form as the browser sends it (the email is the account's when signed in). */
export const adFormSchema = z.object({
  name: adFieldRules.name,
  title: adFieldRules.title,
  description: adFieldRules.description,
  age: adFieldRules.age,
  phone: adFieldRules.phone,
  email: adFieldRules.email.optional(),
  ethnicity: adFieldRules.ethnicity,
  business: adFieldRules.business,
  incalls: adFieldRules.incalls,
  outcalls: adFieldRules.outcalls,
  backlink: adFieldRules.backlink,
  country: adFieldRules.country,
  city: adFieldRules.city,
  /** Left out: the ad keeps its choice (create: the default, the phone alone). */
  contacts: adFieldRules.contacts.optional(),
  /** The rates table (issue 29); left out: the ad keeps its rates; [] removes them. */
  rates: ratesSchema.optional(),
  /** Weekly hours; left out: the ad keeps them; null removes them. */
  hours: weekHoursSchema.nullable().optional(),
  /**
   * The day the ad goes public once approved (issue 29), YYYY-MM-DD (UTC); null: at
   * approval. Left out: the ad keeps it. Only before the ad is approved.
   */
  starts_on: adFieldRules.startsOn.optional(),
});
export type AdFormInput = z.input<typeof adFormSchema>;
export type AdForm = z.output<typeof adFormSchema>;

const requireBacklinkForFree = <T extends { type: string; backlink: string | null }>(
  ad: T,
  ctx: z.RefinementCtx,
) => {
  if (ad.type === 'free' && !ad.backlink) {
    ctx.addIssue({ code: 'custom', path: ['backlink'], message: m.backlinkRequired });
  }
};

/** POST /api/posts: the form plus the chosen type; no contacts chosen means the default. */
export const createAdBodySchema = adFormSchema
  .extend({
    type: z.enum(creatableAdTypes, { error: m.type }),
    contacts: adFieldRules.contacts.default(() => [...defaultContacts]),
  })
  .superRefine(requireBacklinkForFree);
export type CreateAdBody = z.input<typeof createAdBodySchema>;

export const adIdSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = String(v).trim();
  if (!/^\d{1,18}$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: said.wizard.notFound });
    return z.NEVER;
  }
  return text;
});

/** PATCH /api/post: the whole form of an existing ad; a type, if sent, must be its own. */
export const updateAdBodySchema = adFormSchema.extend({
  post_id: adIdSchema,
  type: z.enum(adTypes, { error: m.type }).optional(),
});
export type UpdateAdBody = z.input<typeof updateAdBodySchema>;

export const deleteAdBodySchema = z.object({ postId: adIdSchema });

export const createAdResultSchema = z.object({
  success: z.literal(true),
  post_id: z.string(),
  token: z.string(),
});
export type CreateAdResult = z.infer<typeof createAdResultSchema>;

export const photoSchema = z.object({
  photo_id: z.string(),
  url: z.string(),
  primary: z.boolean(),
  /** Free verified ads: the photo in the verification slot (the paper with the code), never public. */
  verification: z.boolean(),
});
export type Photo = z.infer<typeof photoSchema>;
export const photoListSchema = z.array(photoSchema);

/** POST /photo/primary, /photo/delete and /photo/verification. */
export const photoActionBodySchema = z.object({
  postId: adIdSchema,
  photoId: z.uuid({ error: 'This photo does not exist.' }),
});

/** An ad as its owner sees it (GET /api/post/{id}), SPEC.md section 3. */
export const adSchema = z.object({
  post_id: z.string(),
  type: z.enum(adTypes),
  status: z.string(),
  title: z.string(),
  description: z.string(),
  age: z.number().nullable(),
  ethnicity: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  name: z.string(),
  business: z.string().nullable(),
  incalls: z.string().nullable(),
  outcalls: z.string().nullable(),
  backlink: z.string().nullable(),
  /** The contacts its public page shows. */
  contacts: z.array(z.enum(contactKinds)),
  /** Its rates table, in order ([] when none). */
  rates: z.array(rateSchema),
  /** Its weekly hours, every day said; null when none were given. */
  hours: weekHoursSchema.nullable(),
  /** The scheduled start (YYYY-MM-DD); null: public at approval. */
  starts_on: z.string().nullable(),
  /** Pause, resume and 'Available now' (issue 29), as the lifecycle table allows them now. */
  tools: adToolStateSchema,
  country: z.string(),
  country_full: z.string(),
  city: z.string(),
  city_full: z.string(),
  region: z.string(),
  photos: z.array(photoSchema),
  /**
   * Free verified ads: the code the verification photo's paper must show, made for
   * this ad (its owner and moderators only). Null for the other types.
   */
  verification_photo_code: verificationPhotoCodeSchema.nullable(),
  paid: z.boolean(),
  product: z.string().nullable(),
  expiry: z.string().nullable(),
  /** When the premium (featured) placement ends; null if it was never bought. */
  premium_until: z.string().nullable(),
  approved: z.boolean(),
  posted: z.string().nullable(),
  flagged: z.boolean(),
  /** What the lifecycle allows now and what the ad holds (paid days waiting for approval). */
  lifecycle: adLifecycleSchema,
  verification: z.object({
    verified_email: z.boolean(),
    verified_phone: z.boolean(),
    phone_verify: z.boolean(),
    error: z.string().nullable(),
  }),
});
export type Ad = z.infer<typeof adSchema>;

/**
 * PATCH /api/post and POST /api/post/{id}/submit: the ad as saved. `awaitingReview`
 * is true when the saved edit of a live ad waits for a moderator (the ad stays
 * public with its approved version until then).
 */
export const adResultSchema = z.object({
  success: z.literal(true),
  post: adSchema,
  awaitingReview: z.boolean().optional(),
});
export type AdResult = z.infer<typeof adResultSchema>;

export const validateAdBodySchema = z.object({
  fields: z.object({
    phone: textSchema({ trim: false }).max(adLimits.phoneMax).optional(),
    backlink: textSchema({ trim: false }).max(adLimits.backlinkMax).optional(),
    country: countryCodeSchema.optional(),
  }),
  /** The ad being edited, so its own backlink does not count as taken. */
  updated: z.union([textSchema({ trim: false }), z.number(), z.boolean(), z.null()]).optional(),
});
export const validateAdResultSchema = z.object({ phone: z.boolean(), backlink: z.boolean() });
export type ValidateAdResult = z.infer<typeof validateAdResultSchema>;

export const verifyAdEmailBodySchema = z.object({
  email: emailSchema,
  token: textSchema({ error: said.verification.emailFailed })
    .min(16, { error: said.verification.emailFailed })
    .max(200, { error: said.verification.emailFailed }),
  id: adIdSchema,
});
export const verifyPhoneBodySchema = z.object({
  id: adIdSchema,
  phone: textSchema().max(adLimits.phoneMax).optional(),
  /** The activation token of the emailed link, for a visitor without a session. */
  token: textSchema().max(200).optional(),
  /**
   * 'Resend code': text a new code even while one is live (the newest code alone
   * works then). Without it a code is texted only when none is live.
   */
  resend: z.boolean().optional(),
});
export const verifyPhoneCodeBodySchema = z.object({
  id: adIdSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: said.verification.smsCodeFailed }),
  token: textSchema().max(200).optional(),
});
export const verifyResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  phoneKnown: z.boolean().optional(),
  smsSent: z.boolean().optional(),
  verified_email: z.boolean().optional(),
  verified_phone: z.boolean().optional(),
  /** Seconds until 'Resend code' may text another code (the server's gap and hourly count). */
  resendInSeconds: z.number().int().nonnegative().optional(),
  /** How long the texted code works. */
  codeValidMinutes: z.number().int().positive().optional(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

export const analyticsEventBodySchema = z.object({
  event: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,63}$/),
  postId: adIdSchema.optional(),
  data: z
    .record(
      textSchema({ trim: false }).max(64),
      z.union([textSchema({ trim: false }).max(200), z.number(), z.boolean()]),
    )
    .optional(),
});
export type AnalyticsEventBody = z.input<typeof analyticsEventBodySchema>;
