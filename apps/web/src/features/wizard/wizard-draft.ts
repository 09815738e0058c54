import { countryCodeSchema, creatableAdTypes, type Ad, type AdType } from '@adboard/shared';
import { fingerprint, type AdDraft, type AdDraftContent, type DraftView } from './ad-draft';
import { adFormFromAd, emptyAdForm, type AdFormState, type LocationChoice } from './ad-form-model';
import type { WizardView } from './wizard-model';

/** What the wizard holds before the ad is saved: the part a draft keeps. */
export interface WizardContent {
  rulesAccepted: boolean;
  location: LocationChoice;
  type: AdType | null;
  form: AdFormState;
}

function locationOf(ad: Ad | null): LocationChoice {
  if (!ad) return { country: 'US', countryFull: '', city: '', cityFull: '' };
  const country = countryCodeSchema.safeParse(ad.country);
  return {
    country: country.success ? country.data : 'US',
    countryFull: ad.country_full,
    city: ad.city,
    cityFull: ad.city_full,
  };
}

/** The wizard's content for an ad as the server has it, or for a new ad. */
export function contentOfAd(ad: Ad | null): WizardContent {
  return {
    rulesAccepted: ad !== null,
    location: locationOf(ad),
    type: ad?.type ?? null,
    form: ad ? adFormFromAd(ad) : emptyAdForm(''),
  };
}

/**
 * What saving stores, as one text: two contents with the same text have nothing
 * unsaved between them. Accepting the rules alone, or a server check's answer, is
 * not an unsaved change.
 */
export function savedTextOf(content: WizardContent): string {
  const { location, type, form } = content;
  return JSON.stringify([
    location.country,
    location.city,
    type,
    form.values,
    form.contacts,
    form.rates,
    form.hours,
    form.startsOn,
  ]);
}

/** The fingerprint of an existing ad as saved: a draft of it is kept only while it matches. */
export function adBaseline(ad: Ad): string {
  return fingerprint(savedTextOf(contentOfAd(ad)));
}

function draftViewOf(view: WizardView): DraftView {
  return view === 'rules' || view === 'type' ? view : 'form';
}

export function draftOf(
  content: WizardContent,
  view: WizardView,
  baseline: string | null,
): AdDraftContent {
  return {
    view: draftViewOf(view),
    rulesAccepted: content.rulesAccepted,
    location: content.location,
    type: content.type,
    values: content.form.values,
    contacts: content.form.contacts,
    rates: content.form.rates,
    hours: content.form.hours,
    startsOn: content.form.startsOn,
    revealed: content.form.revealed,
    baseline,
  };
}

/**
 * The content a draft brings back over `base` (a new ad, or the ad as saved). A new
 * ad takes only a type it may be created with; an existing ad keeps its type unless
 * the server lets it change. The server checks of phone and link are asked again.
 */
export function contentFromDraft(
  draft: AdDraft,
  base: WizardContent,
  options: { isNew: boolean; typeChoosable: boolean },
): WizardContent {
  const creatable = creatableAdTypes.find((type) => type === draft.type) ?? null;
  const type = options.isNew ? creatable : options.typeChoosable ? draft.type : base.type;
  return {
    rulesAccepted: base.rulesAccepted || draft.rulesAccepted,
    location: draft.location,
    type: type ?? base.type,
    form: {
      values: draft.values,
      contacts: draft.contacts,
      rates: draft.rates ?? base.form.rates,
      hours: draft.hours ?? base.form.hours,
      startsOn: draft.startsOn ?? base.form.startsOn,
      checks: base.form.checks,
      revealed: draft.revealed,
    },
  };
}

/** The view a restored new ad opens: the draft's step, or the last one it can reach. */
export function restoredView(draft: AdDraft, content: WizardContent): WizardView {
  const formReady = content.rulesAccepted && content.type !== null && content.location.city !== '';
  if (draft.view === 'form' && formReady) return 'form';
  if (draft.view !== 'rules' && content.rulesAccepted) return 'type';
  return 'rules';
}
