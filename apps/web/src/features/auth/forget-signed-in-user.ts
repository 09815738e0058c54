import { clearActiveAd } from '../../lib/active-ad';
import { clearStoredSession } from '../../lib/session-store';
import { clearSignedInDrafts } from '../wizard/draft-keys';

/**
 * Sign-out forgets every key the app stored for the person, not only the spec's
 * three: the session, the email and the user id, the ad being posted or edited (its
 * edit token opens the ad with its owner's contacts) and every signed-in user's draft
 * (docs/decisions.md, 'Logout forgets everything the app stored').
 */
export function forgetSignedInUser(): void {
  clearStoredSession();
  clearActiveAd();
  clearSignedInDrafts();
}
