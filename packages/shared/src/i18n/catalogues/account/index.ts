import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import { answers } from '../answers/index.js';
import door from '../door/en.js';
import frame from '../frame/en.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The account page (issue 27), its notices mailed, and the device names of its sessions. */
export const accountCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

const account = sayingsOf('account', en);
const doorSaid = sayingsOf('door', door);

/**
 * The account's texts as named ones (`Said`); the few it shares are the other areas'
 * (the menu's entry, the second-factor doors, the sign-in's passkey words). The sign-in's
 * second step, the code's label and rule among them, is an area of its own
 * (secondStepMessages).
 */
export const accountMessages = {
  ...account,
  menuEntry: sayingsOf('frame', frame).account,
  twoStep: {
    ...account.twoStep,
    signInHeading: answers.auth.twoStepHeading,
    staffDoor: doorSaid.staff,
    doorAction: doorSaid.action,
    advertiserDoor: doorSaid.advertiser,
  },
  passkeys: {
    ...account.passkeys,
    signIn: answers.auth.signInWithPasskey,
    cancelled: answers.auth.passkeyCancelled,
    failed: answers.auth.passkeyFailed,
  },
} as const;
