import {
  adFieldRules,
  adLimits,
  adMessages,
  sayTag,
  contactKinds,
  defaultContacts,
  hasHours,
  rateDurations,
  ratePlaces,
  ratesSchema,
  rateSchema,
  weekDays,
  weekHoursSchema,
  type AdType,
  type ContactKind,
  type CountryCode,
  type Ad,
  type DayHours,
  type Rate,
  type RateDuration,
  type RatePlace,
  type WeekDay,
  type WeekHours,
} from '@adboard/shared';
import { z } from 'zod';

export const adFormFields = [
  'name',
  'phone',
  'email',
  'title',
  'description',
  'age',
  'ethnicity',
  'business',
  'incalls',
  'outcalls',
  'backlink',
] as const;
export type AdFormField = (typeof adFormFields)[number];

/** The form as typed: every field a string, '' for an unset select. */
export type AdFormValues = Record<AdFormField, string>;

/** Fields whose length is limited, with their maximum (SPEC.md section 9). */
export const adFieldMax: Partial<Record<AdFormField, number>> = {
  name: adLimits.nameMax,
  phone: adLimits.phoneMax,
  title: adLimits.titleMax,
  age: adLimits.ageMaxLength,
  backlink: adLimits.backlinkMax,
};

/** Fields the server also checks on blur (POST /validate/ad). */
export type ServerCheckedField = 'phone' | 'backlink';

/** A server check's answer, for the value (and country) it was asked about. */
export interface ServerCheck {
  key: string;
  ok: boolean;
}

/** One row of the rates table as the form holds it: the amount as typed. */
export interface RateRow {
  duration: RateDuration;
  place: RatePlace;
  amount: string;
}

/** What a day of the weekly hours is, as its select offers it. */
export const dayKinds = ['closed', 'appointment', 'open'] as const;
export type DayKind = (typeof dayKinds)[number];

/** One day of the weekly hours as the form holds it: the times kept while it is not open. */
export interface DayRow {
  kind: DayKind;
  from: string;
  to: string;
}
export type HoursRows = Record<WeekDay, DayRow>;

export interface AdFormState {
  values: AdFormValues;
  /** What the public page shows: call, text, email (the checkboxes 'Show on my ad'). */
  contacts: ContactKind[];
  /** The rates table (issue 29), in the order typed. */
  rates: RateRow[];
  /** The weekly hours, every day said (all closed: no hours). */
  hours: HoursRows;
  /** The start date (YYYY-MM-DD) once approved; '' for 'at approval' (issue 29). */
  startsOn: string;
  checks: Record<ServerCheckedField, ServerCheck | null>;
  /** Free ads with a link: the other fields show once the backlink passed the server once. */
  revealed: boolean;
}

export function checkKey(field: ServerCheckedField, value: string, country: string): string {
  return field === 'phone' ? `${country}|${value.trim()}` : value.trim();
}

/** The server's answer for the current value: true, false, or null when not asked yet. */
export function checkResult(
  state: AdFormState,
  field: ServerCheckedField,
  country: string,
): boolean | null {
  const check = state.checks[field];
  if (!check) return null;
  return check.key === checkKey(field, state.values[field], country) ? check.ok : null;
}

export function emptyAdForm(email: string): AdFormState {
  return {
    values: {
      name: '',
      phone: '',
      email,
      title: '',
      description: '',
      age: '',
      ethnicity: '',
      business: '',
      incalls: '',
      outcalls: '',
      backlink: '',
    },
    contacts: [...defaultContacts],
    rates: [],
    hours: hoursRowsOf(null),
    startsOn: '',
    checks: { phone: null, backlink: null },
    revealed: false,
  };
}

/** An existing ad's form: its values, and its phone and backlink taken as checked. */
export function adFormFromAd(ad: Ad): AdFormState {
  const values: AdFormValues = {
    name: ad.name,
    phone: ad.phone,
    email: ad.email,
    title: ad.title,
    description: ad.description,
    age: ad.age === null ? '' : String(ad.age),
    ethnicity: ad.ethnicity ?? '',
    business: ad.business ?? '',
    incalls: ad.incalls ?? '',
    outcalls: ad.outcalls ?? '',
    backlink: ad.backlink ?? '',
  };
  return {
    values,
    contacts: [...ad.contacts],
    rates: ad.rates.map(rateRowOf),
    hours: hoursRowsOf(ad.hours),
    startsOn: ad.starts_on ?? '',
    checks: {
      phone: { key: checkKey('phone', values.phone, ad.country), ok: true },
      backlink: { key: checkKey('backlink', values.backlink, ad.country), ok: true },
    },
    revealed: true,
  };
}

/** An amount as the form shows it: whole amounts as they are, others with their cents. */
export function amountText(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export function rateRowOf(rate: Rate): RateRow {
  return { duration: rate.duration, place: rate.place, amount: amountText(rate.amount) };
}

const closedDay: DayRow = { kind: 'closed', from: '', to: '' };

/** The form's rows of a week; no hours: every day closed. */
export function hoursRowsOf(week: WeekHours | null): HoursRows {
  const rowOf = (day: DayHours): DayRow =>
    typeof day === 'string' ? { ...closedDay, kind: day } : { kind: 'open', ...day };
  return Object.fromEntries(
    weekDays.map((day) => [day, week ? rowOf(week[day]) : { ...closedDay }]),
  ) as HoursRows;
}

/**
 * An amount as typed, for the shared rule to judge: nothing typed is no amount, and
 * anything but a plain decimal number (a comma, letters) is not a number, so each gets
 * the catalogue's message rather than being sent as NaN.
 */
export function amountOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A row as the shared rate rule takes it (the amount may still be wrong). */
function rateInputOf(row: RateRow) {
  return { duration: row.duration, place: row.place, amount: amountOf(row.amount) };
}

function dayHoursOf(row: DayRow): DayHours {
  return row.kind === 'open' ? { from: row.from, to: row.to } : row.kind;
}

/** The week as the shared hours rule takes it. */
export function weekOf(rows: HoursRows): Record<WeekDay, DayHours> {
  return Object.fromEntries(weekDays.map((day) => [day, dayHoursOf(rows[day])])) as Record<
    WeekDay,
    DayHours
  >;
}

/** The first duration and place no row has yet: what 'Add a rate' starts a row with. */
export function nextRatePair(rows: readonly Pick<RateRow, 'duration' | 'place'>[]) {
  for (const duration of rateDurations) {
    for (const place of ratePlaces) {
      if (!rows.some((row) => row.duration === duration && row.place === place)) {
        return { duration, place };
      }
    }
  }
  return { duration: rateDurations[0], place: ratePlaces[0] };
}

export function newRateRow(rows: readonly Pick<RateRow, 'duration' | 'place'>[]): RateRow {
  return { ...nextRatePair(rows), amount: '' };
}

/** The fields the form shows and sends for a type. */
export function activeFields(type: AdType, emailEditable: boolean): AdFormField[] {
  return adFormFields.filter(
    (field) => (field !== 'email' || emailEditable) && (field !== 'backlink' || type === 'free'),
  );
}

/** A refinement adding every problem the shared `rule` finds with the form's value. */
function problemsOf(rule: z.ZodType) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const result = rule.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  };
}

/**
 * Where a problem of a whole rate row (its duration and place given twice) is kept:
 * on its duration, the row's first control; the row shows it under its controls.
 */
export const rateRowProblemKey = 'duration' satisfies keyof RateRow;

/**
 * The rates table's problems, from the shared `ratesSchema`. That rule compares the
 * rows only once each is valid on its own, so the pairs are also asked about with
 * every amount taken as valid: a pair given twice shows while an amount is still empty.
 */
function rateProblems(rows: readonly RateRow[], ctx: z.RefinementCtx) {
  const asTyped = ratesSchema.safeParse(rows.map(rateInputOf));
  const pairs = ratesSchema.safeParse(rows.map((row) => ({ ...rateInputOf(row), amount: 1 })));
  const seen = new Set<string>();
  for (const issue of [...(asTyped.error?.issues ?? []), ...(pairs.error?.issues ?? [])]) {
    const path = issue.path.length === 1 ? [...issue.path, rateRowProblemKey] : issue.path;
    const key = `${path.join('.')}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ctx.addIssue({ code: 'custom', message: issue.message, path });
  }
}

/** A rate row as the form holds it: the shared choices, the amount as typed. */
const rateRowShape = z.object({
  duration: rateSchema.shape.duration,
  place: rateSchema.shape.place,
  amount: z.string(),
});

const dayRowShape = z.object({
  kind: z.enum(dayKinds, { error: sayTag(adMessages.rates.day) }),
  from: z.string(),
  to: z.string(),
});
const hoursShape = z.object(
  Object.fromEntries(weekDays.map((day) => [day, dayRowShape])) as Record<
    WeekDay,
    typeof dayRowShape
  >,
);

/**
 * The ad form's schema, from the shared ad rules (`adFieldRules`, the rules the server
 * checks the body with): a free ad needs its link (createAdBodySchema's rule), and a
 * description's text is limited as the server counts it. Only the fields shown are
 * checked: a free ad's link alone until it passed (`linkOnly`), never a locked email,
 * the start date only while the ad may be given one (`startsOnShown`: not yet approved).
 */
export function adFormRules(
  type: AdType,
  emailEditable: boolean,
  linkOnly: boolean,
  startsOnShown = true,
) {
  const text = (rule: z.ZodType, shown = true) =>
    shown && !linkOnly ? z.string().superRefine(problemsOf(rule)) : z.string();
  const freeLink = adFieldRules.backlink.refine((link) => link !== null, {
    error: sayTag(adMessages.form.backlinkRequired),
  });
  const description = adFieldRules.description.refine(
    (html) => descriptionTextLength(html) <= adLimits.descriptionTextMax,
    { error: sayTag(adMessages.form.tooLong({ max: adLimits.descriptionTextMax })) },
  );
  return z.object({
    name: text(adFieldRules.name),
    phone: text(adFieldRules.phone),
    email: text(adFieldRules.email, emailEditable),
    title: text(adFieldRules.title),
    description: text(description),
    age: text(adFieldRules.age),
    ethnicity: text(adFieldRules.ethnicity),
    business: text(adFieldRules.business),
    incalls: text(adFieldRules.incalls),
    outcalls: text(adFieldRules.outcalls),
    backlink: type === 'free' ? z.string().superRefine(problemsOf(freeLink)) : z.string(),
    contacts: linkOnly
      ? z.array(z.enum(contactKinds))
      : z.array(z.enum(contactKinds)).superRefine(problemsOf(adFieldRules.contacts)),
    rates: linkOnly ? z.array(rateRowShape) : z.array(rateRowShape).superRefine(rateProblems),
    hours: linkOnly
      ? hoursShape
      : hoursShape.superRefine((rows, ctx) => problemsOf(weekHoursSchema)(weekOf(rows), ctx)),
    startsOn:
      startsOnShown && !linkOnly
        ? z
            .string()
            .superRefine((date, ctx) => problemsOf(adFieldRules.startsOn)(dateOf(date), ctx))
        : z.string(),
  });
}

export type AdFormSchema = ReturnType<typeof adFormRules>;

/** The start date as the calls take it: null for 'at approval' (the field left empty). */
const dateOf = (typed: string): string | null => (typed.trim() === '' ? null : typed.trim());

/** The form's values as react-hook-form holds them: the text fields, contacts, rates, hours, start date. */
export type AdFormInput = z.input<AdFormSchema>;

/**
 * The length of a description as the server counts it (sanitize-description.ts):
 * the text a reader sees, a space after each paragraph, list item and line break,
 * runs of white space as one, trimmed, counted in code points.
 */
export function descriptionTextLength(html: string): number {
  const spaced = html.replace(/<\/(p|li)>|<br\s*\/?>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent;
  return [...text.replace(/\s+/g, ' ').trim()].length;
}

/** How close a description is to its limit: the counter warns from 90 %. */
export type DescriptionLevel = 'ok' | 'near' | 'over';

export function descriptionLevel(length: number): DescriptionLevel {
  if (length > adLimits.descriptionTextMax) return 'over';
  return length >= adLimits.descriptionTextMax * 0.9 ? 'near' : 'ok';
}

export interface LocationChoice {
  country: CountryCode;
  countryFull: string;
  city: string;
  cityFull: string;
}

/**
 * The rates as the calls take them, amounts as numbers, in the form's order (so a
 * problem the server names by its row is the form's row). Each is read by the shared
 * rule: the form checked them with it, and a row it refuses here is a mistake, never
 * a NaN to send.
 */
export function ratesBody(rows: readonly RateRow[]): Rate[] {
  return rows.map((row) => rateSchema.parse(rateInputOf(row)));
}

/**
 * Where the form shows a problem the server named for the rates or the hours (its
 * key is the body's path, 'rates.1.amount'): a row's own problem on the row, the
 * table's under the table; null for a key of neither.
 */
export function ratesHoursErrorPath(key: string): string | null {
  if (key === 'rates') return 'rates.root';
  const rate = /^rates\.(\d+)(?:\.(\w+))?$/.exec(key);
  if (rate) return `rates.${rate[1]}.${rate[2] === 'amount' ? 'amount' : rateRowProblemKey}`;
  const day = /^hours(?:\.(\w+)(?:\.(from|to))?)?$/.exec(key);
  if (day && (day[1] === undefined || weekDays.some((name) => name === day[1]))) return key;
  return null;
}

/** Whether a part of react-hook-form's errors holds a message anywhere within it. */
export function holdsProblem(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if ('message' in node && typeof node.message === 'string' && node.message !== '') return true;
  return Object.entries(node).some(([key, value]) => key !== 'ref' && holdsProblem(value));
}

/** The hours as the calls take them: the week, or null when every day is closed. */
export function hoursBody(rows: HoursRows): WeekHours | null {
  const week = weekHoursSchema.parse(weekOf(rows));
  return hasHours(week) ? week : null;
}

/** The ad fields as the create and update calls take them (strings, trimmed). */
export function adFormBody(
  values: AdFormValues,
  type: AdType,
  location: LocationChoice,
  emailEditable: boolean,
  contacts: readonly ContactKind[],
  rates: readonly RateRow[],
  hours: HoursRows,
  /** The start date as typed; undefined when the ad can no longer be given one (left out). */
  { startsOn }: { startsOn?: string | undefined } = {},
) {
  return {
    name: values.name.trim(),
    title: values.title.trim(),
    description: values.description,
    age: values.age.trim(),
    phone: values.phone.trim(),
    ethnicity: values.ethnicity,
    business: values.business,
    incalls: values.incalls,
    outcalls: values.outcalls,
    ...(type === 'free' ? { backlink: values.backlink.trim() } : {}),
    ...(emailEditable ? { email: values.email.trim() } : {}),
    contacts: [...contacts],
    rates: ratesBody(rates),
    hours: hoursBody(hours),
    ...(startsOn === undefined ? {} : { starts_on: dateOf(startsOn) }),
    country: location.country,
    city: location.city,
  };
}
