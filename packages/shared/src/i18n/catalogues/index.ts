import { adFormCatalogue } from './ad-form/index.js';
import { adOptionsCatalogue } from './ad-options/index.js';
import { accountCatalogue } from './account/index.js';
import { adStatsCatalogue } from './ad-stats/index.js';
import { adsCatalogue } from './ads/index.js';
import { paymentsCatalogue } from './payments/index.js';
import { photosCatalogue } from './photos/index.js';
import { adToolsCatalogue } from './ad-tools/index.js';
import { answersCatalogue } from './answers/index.js';
import { appScreensCatalogue } from './app-screens/index.js';
import { authScreensCatalogue } from './auth-screens/index.js';
import { doorCatalogue } from './door/index.js';
import { durationsCatalogue } from './durations/index.js';
import { frameCatalogue } from './frame/index.js';
import { journeyCatalogue } from './journey/index.js';
import { languageCatalogue } from './language/index.js';
import { lifecycleCatalogue } from './lifecycle/index.js';
import { mailsCatalogue } from './mails/index.js';
import { publicPagesCatalogue } from './public-pages/index.js';
import { secondStepCatalogue } from './second-step/index.js';

/** Every area of the catalogue that speaks three languages, by name (catalogue.test.ts checks each). */
export const catalogueAreas = {
  account: accountCatalogue,
  adForm: adFormCatalogue,
  adOptions: adOptionsCatalogue,
  adStats: adStatsCatalogue,
  ads: adsCatalogue,
  adTools: adToolsCatalogue,
  answers: answersCatalogue,
  appScreens: appScreensCatalogue,
  authScreens: authScreensCatalogue,
  door: doorCatalogue,
  durations: durationsCatalogue,
  frame: frameCatalogue,
  journey: journeyCatalogue,
  language: languageCatalogue,
  lifecycle: lifecycleCatalogue,
  mails: mailsCatalogue,
  payments: paymentsCatalogue,
  photos: photosCatalogue,
  publicPages: publicPagesCatalogue,
  secondStep: secondStepCatalogue,
} as const;

export { publicPageText } from './public-pages/index.js';
export { languageMenuText } from './language/index.js';
export { durationText } from './durations/index.js';
export { durationMessages } from './durations/sayings.js';
export { answers } from './answers/index.js';
export { accountMessages } from './account/index.js';
export { secondStepMessages } from './second-step/index.js';
export { adToolMessages } from './ad-tools/index.js';
export { adMessages, draftAgeValues } from './ads/index.js';
export { paymentMessages } from './payments/index.js';
export { photoMessages } from './photos/index.js';
export { lifecycleMessages } from './lifecycle/index.js';
export { mailMessages } from './mails/index.js';
export { adOptionsEnglish, adOptionsText } from './ad-options/index.js';
