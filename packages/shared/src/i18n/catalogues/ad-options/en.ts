/**
 * The words of an ad's fields as readers see them (issue 30: three languages): the
 * choices of the ad form, the ways to reach a poster, the reasons to report an ad,
 * rates, hours and visits. The English lists of ad-options.ts, moderation.ts,
 * messages.ts and the ad-tools area take their labels from here.
 */
import {
  ethnicity,
  ethnicityEmpty,
  business,
  businessEmpty,
  incalls,
  outcalls,
  contacts,
} from './en/choices.js';
import { reportReasons } from './en/reports.js';
import { rates } from './en/rates.js';
import { visits } from './en/visits.js';

export default {
  ethnicity,
  ethnicityEmpty,
  business,
  businessEmpty,
  incalls,
  outcalls,
  contacts,
  reportReasons,
  rates,
  visits,
} as const;
