import {
  adFieldRules,
  adLimits,
  adMessages,
  contactKinds,
  defaultContacts,
  type AdType,
  type ContactKind,
  type CountryCode,
  type Ad,
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

export const adFieldLabels: Record<AdFormField, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  title: 'Title',
  description: 'Description',
  age: 'Age',
  ethnicity: 'Ethnicity',
  business: 'Business',
  incalls: 'Incalls',
  outcalls: 'Outcalls',
  backlink: 'Link to your website',
};

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

export interface AdFormState {
  values: AdFormValues;
  /** What the public page shows: call, text, email (the checkboxes 'Show on my ad'). */
  contacts: ContactKind[];
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
    checks: {
      phone: { key: checkKey('phone', values.phone, ad.country), ok: true },
      backlink: { key: checkKey('backlink', values.backlink, ad.country), ok: true },
    },
    revealed: true,
  };
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
 * The ad form's schema, from the shared ad rules (`adFieldRules`, the rules the server
 * checks the body with): a free ad needs its link (createAdBodySchema's rule), and a
 * description's text is limited as the server counts it. Only the fields shown are
 * checked: a free ad's link alone until it passed (`linkOnly`), never a locked email.
 */
export function adFormRules(type: AdType, emailEditable: boolean, linkOnly: boolean) {
  const text = (rule: z.ZodType, shown = true) =>
    shown && !linkOnly ? z.string().superRefine(problemsOf(rule)) : z.string();
  const freeLink = adFieldRules.backlink.refine((link) => link !== null, {
    error: adMessages.form.backlinkRequired,
  });
  const description = adFieldRules.description.refine(
    (html) => descriptionTextLength(html) <= adLimits.descriptionTextMax,
    { error: adMessages.form.tooLong(adLimits.descriptionTextMax) },
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
  });
}

/** The form's values as react-hook-form holds them: the text fields and the contacts ticked. */
export type AdFormInput = z.input<ReturnType<typeof adFormRules>>;

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

/** The ad fields as the create and update calls take them (strings, trimmed). */
export function adFormBody(
  values: AdFormValues,
  type: AdType,
  location: LocationChoice,
  emailEditable: boolean,
  contacts: readonly ContactKind[],
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
    country: location.country,
    city: location.city,
  };
}
