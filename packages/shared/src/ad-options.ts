import * as adWords from './i18n/catalogues/ad-options/en/choices.js';

/** Ad types, statuses and the select options of SPEC.md section 3. */
export const adTypes = ['free', 'free_verified', 'paid', 'premium'] as const;
export type AdType = (typeof adTypes)[number];

/** What the type step offers; premium is bought later for an existing ad. */
export const creatableAdTypes = ['paid', 'free', 'free_verified'] as const;
export type CreatableAdType = (typeof creatableAdTypes)[number];

export const freeAdTypes: readonly AdType[] = ['free', 'free_verified'];
export const isFreeType = (type: string): boolean => type === 'free' || type === 'free_verified';

export const adStatuses = [
  'incomplete',
  'pending',
  'active',
  'rejected',
  'payment_pending',
  'expired',
  'deleted',
  /** Taken off the public pages by its owner; its time is held until it is resumed (issue 29). */
  'paused',
  /** Approved, waiting for the start date its owner chose; its time starts then (issue 29). */
  'scheduled',
] as const;
export type AdStatus = (typeof adStatuses)[number];

/**
 * A refund: 'offered' (a rejected ad's payment, refunded only if the payer asks),
 * 'awaiting_address' (the payer is asked where to send it), 'ready' (address given,
 * an operator sends it), 'sent', or 'cancelled' (the ad was resubmitted instead).
 */
export const refundStates = ['offered', 'awaiting_address', 'ready', 'sent', 'cancelled'] as const;
export type RefundState = (typeof refundStates)[number];

/** Refunds owed and not yet sent: asked for, with or without the payer's address yet. */
export const refundDueStates = [
  'awaiting_address',
  'ready',
] as const satisfies readonly RefundState[];

/**
 * Why money goes back: 'rejected' (a rejected ad's payment, asked for), 'not_payable'
 * (the ad could no longer take it), 'excess' (more than the order asked, or paid
 * again), 'deleted' (the ad was deleted before its paid time started), 'underpaid'
 * (the rest never came while the order was watched).
 */
export const refundReasons = ['rejected', 'not_payable', 'excess', 'deleted', 'underpaid'] as const;
export type RefundReason = (typeof refundReasons)[number];

export const durationIds = ['DAYS_4', 'DAYS_15', 'DAYS_30', 'DAYS_60', 'DAYS_180'] as const;
export type DurationId = (typeof durationIds)[number];

export const ethnicityOptions = [
  { value: 'asian', label: adWords.ethnicity.asian },
  { value: 'abc_cbc_asian', label: adWords.ethnicity.abc_cbc_asian },
  { value: 'african_american', label: adWords.ethnicity.african_american },
  { value: 'caucasian', label: adWords.ethnicity.caucasian },
  { value: 'european', label: adWords.ethnicity.european },
  { value: 'indian', label: adWords.ethnicity.indian },
  { value: 'latino_hispanic', label: adWords.ethnicity.latino_hispanic },
  { value: 'middle_eastern', label: adWords.ethnicity.middle_eastern },
  { value: 'mixed', label: adWords.ethnicity.mixed },
  { value: 'native', label: adWords.ethnicity.native },
  { value: 'other', label: adWords.ethnicity.other },
] as const;
export const ethnicityEmptyLabel = adWords.ethnicityEmpty;

export const businessOptions = [
  { value: 'independent', label: adWords.business.independent },
  { value: 'agency', label: adWords.business.agency },
  { value: 'massage', label: adWords.business.massage },
] as const;
export const businessEmptyLabel = adWords.businessEmpty;

export const incallOptions = [
  { value: 'no', label: adWords.incalls.no },
  { value: 'private', label: adWords.incalls.private },
  { value: 'upscale', label: adWords.incalls.upscale },
  { value: 'hotel', label: adWords.incalls.hotel },
] as const;

export const outcallOptions = [
  { value: 'no', label: adWords.outcalls.no },
  { value: 'any', label: adWords.outcalls.any },
  { value: 'hotel', label: adWords.outcalls.hotel },
] as const;

type Values<T extends readonly { value: string }[]> = T[number]['value'];

/** What a value of one of the form's option lists reads as; null when empty, an unknown value as it is. */
export function optionText(
  options: readonly { value: string; label: string }[],
  value: string | null,
): string | null {
  if (!value) return null;
  return options.find((option) => option.value === value)?.label ?? value;
}
export type Ethnicity = Values<typeof ethnicityOptions>;
export type Business = Values<typeof businessOptions>;
export type Incalls = Values<typeof incallOptions>;
export type Outcalls = Values<typeof outcallOptions>;

/**
 * How the public may reach the poster, chosen per ad on the form: call or text the
 * ad's phone, or mail the ad's email. The one list of kinds, in the order shown.
 */
export const contactKinds = ['call', 'text', 'email'] as const;
export type ContactKind = (typeof contactKinds)[number];

/** What an ad shows when nothing was chosen: the phone alone, never the email. */
export const defaultContacts: readonly ContactKind[] = ['call'];

export const contactKindLabels: Record<ContactKind, string> = adWords.contacts;

export const isContactKind = (value: string): value is ContactKind =>
  contactKinds.some((kind) => kind === value);

export const adLimits = {
  nameMax: 45,
  titleMax: 80,
  descriptionTextMax: 5000,
  descriptionHtmlMax: 30_000,
  phoneMax: 32,
  phoneDigitsMin: 10,
  phoneDigitsMax: 15,
  ageMin: 19,
  ageMaxLength: 2,
  backlinkMax: 500,
  photosMax: 30,
  editLinkDays: 30,
  freeAdDays: 30,
  smsCodeTtlMinutes: 10,
  smsCodeMaxAttempts: 5,
  /**
   * Texts of SMS codes per ad and number: at least this long apart ('Resend code'
   * counts it down), and at most `smsCodesPerHour` in any hour. Counted per ad, so
   * a stranger's ad with the same number never spends the owner's texts.
   */
  smsResendWaitSeconds: 60,
  smsCodesPerHour: 5,
} as const;

/** The rates table of an ad (issue 29): how long, where, and how much. */
export const rateDurations = ['30m', '1h', '2h', '3h', 'overnight'] as const;
export type RateDuration = (typeof rateDurations)[number];
export const ratePlaces = ['incall', 'outcall'] as const;
export type RatePlace = (typeof ratePlaces)[number];
/** Weekly hours, Monday first. */
export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof weekDays)[number];
export const adRateLimits = {
  /** Rows of the rates table. */
  ratesMax: 8,
  /** The largest amount of one rate, in the site's currency. */
  amountMax: 100_000,
} as const;

/** The advertiser's tools of issue 29: available now and the scheduled start. */
export const adToolLimits = {
  /** 'Available now' lasts 1 to this many hours. */
  availableHoursMax: 8,
  /** How many times 'Available now' may be started in any 24 hours, per ad. */
  availableStartsPerDay: 3,
  /** The rolling window those starts are counted in. */
  availableWindowHours: 24,
  /** How far ahead a start date may be, in days. */
  startsOnMaxDaysAhead: 90,
  /** Visits to other cities planned at once (those not over yet). */
  visitsMax: 3,
  /** The longest visit, in days (its first and last day included). */
  visitDaysMax: 14,
} as const;

/** The durations My Posts offers for 'Available now' (the call takes any whole hour 1–8). */
export const availableHourChoices = [1, 2, 3, 4, 6, 8] as const;
