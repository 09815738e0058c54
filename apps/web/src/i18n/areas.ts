import type adForm from '@adboard/shared/catalogues/ad-form/en.ts';
import type adOptions from '@adboard/shared/catalogues/ad-options/en.ts';
import type answers from '@adboard/shared/catalogues/answers/en.ts';
import type adTools from '@adboard/shared/catalogues/ad-tools/en.ts';
import type lifecycle from '@adboard/shared/catalogues/lifecycle/en.ts';
import type ads from '@adboard/shared/catalogues/ads/en.ts';
import type payments from '@adboard/shared/catalogues/payments/en.ts';
import type photos from '@adboard/shared/catalogues/photos/en.ts';
import type account from '@adboard/shared/catalogues/account/en.ts';
import type secondStep from '@adboard/shared/catalogues/second-step/en.ts';
import type adStats from '@adboard/shared/catalogues/ad-stats/en.ts';
import type appScreens from '@adboard/shared/catalogues/app-screens/en.ts';
import type authScreens from '@adboard/shared/catalogues/auth-screens/en.ts';
import type door from '@adboard/shared/catalogues/door/en.ts';
import type durations from '@adboard/shared/catalogues/durations/en.ts';
import type frame from '@adboard/shared/catalogues/frame/en.ts';
import type journey from '@adboard/shared/catalogues/journey/en.ts';
import type language from '@adboard/shared/catalogues/language/en.ts';
import type { TextAreaName } from '../routes/screen-table';
import { defineArea, type WebArea } from './text-store';

/*
 * The catalogue's areas the web app reads, each language a file of its own compiled at
 * build time (catalogue-plugin.ts): a screen loads only its areas, in its language.
 * Each area's English module gives its texts their shape (the type imports above).
 */

/** The frame and its site menu: loaded before the first screen is drawn (start.tsx). */
export const frameText = defineArea<typeof frame>('frame');

/** The language menu (the frame's, and the public pages'). */
export const languageText = defineArea<typeof language>('language');

/** The account screens' words and the buttons and fields screens share. */
export const authScreensText = defineArea<typeof authScreens>('auth-screens');

/** The advertiser's screens' own words (activation, My Posts, the wizard's views). */
export const appScreensText = defineArea<typeof appScreens>('app-screens');

/** The advertisers' second-factor door (My Posts and the wizard). */
export const doorText = defineArea<typeof door>('door');

/** Each ad's statistics on My Posts: the card's line and the chart's dialog. */
export const adStatsText = defineArea<typeof adStats>('ad-stats');

/** The advertiser's journey: the type step's prices and the page after an anonymous submission. */
export const journeyText = defineArea<typeof journey>('journey');

/** A wait in words ('3 minutes'), by the one rule (`waitWith`). */
export const durationsText = defineArea<typeof durations>('durations');

/** The ad form's words: the ad types, the fields' labels, the review times. */
export const adFormText = defineArea<typeof adForm>('ad-form');

/** What the server and the app answer: errors, refusals, confirmations, the forms' rules. */
export const answersText = defineArea<typeof answers>('answers');

/** The advertiser's tools on My Posts and the ad form: pause, start date, 'Available now', visits. */
export const adToolsText = defineArea<typeof adTools>('ad-tools');

/** The ad's lifecycle: renewal, a live ad's edits, the refusals by event. */
export const lifecycleText = defineArea<typeof lifecycle>('lifecycle');

/** The ads' words: the ad form's rules, the wizard, My Posts' cards, verification. */
export const adsText = defineArea<typeof ads>('ads');

/** The photos step: its limits, refusals and the verification photo's slot. */
export const photosText = defineArea<typeof photos>('photos');

/** The payment view, featuring an ad, the refund's form. */
export const paymentsText = defineArea<typeof payments>('payments');

/** The account page, its sessions, two-step sign-in and passkeys (issue 27). */
export const accountText = defineArea<typeof account>('account');

/**
 * The sign-in's second step (loaded with its form, when the password step asks for it)
 * and the code's label and rule, which the account page shows too.
 */
export const secondStepText = defineArea<typeof secondStep>('second-step');

/**
 * An ad's own words, as its page shows them too: the ad form's choices (ethnicity,
 * business, incalls, outcalls, the ways to reach a poster), rates and hours.
 */
export const adOptionsText = defineArea<typeof adOptions>('ad-options');

/** Every area the app reads, by its name: a switch of language loads those the page has shown. */
export const webAreas = {
  frame: frameText,
  language: languageText,
  'auth-screens': authScreensText,
  'app-screens': appScreensText,
  door: doorText,
  'ad-stats': adStatsText,
  journey: journeyText,
  durations: durationsText,
  'ad-form': adFormText,
  answers: answersText,
  'ad-tools': adToolsText,
  lifecycle: lifecycleText,
  ads: adsText,
  photos: photosText,
  payments: paymentsText,
  account: accountText,
  'second-step': secondStepText,
  'ad-options': adOptionsText,
} as const satisfies Record<TextAreaName, WebArea<unknown>>;

/** Every area's name. */
export const allTextAreas = Object.keys(webAreas) as TextAreaName[];

/** The areas of these names (a screen's, in the screen table). */
export function areasNamed(names: readonly TextAreaName[]): WebArea<unknown>[] {
  return names.map((name) => webAreas[name]);
}
