import type { Db } from '../../db/database.js';
import { claimAnonymousAds } from './ad-repository.js';

/**
 * Gives a user the ads posted without an account under their email. Only a
 * proven mailbox may claim ads: after an emailed code, all of them; at a
 * plain login, those whose email was confirmed from the ad's own mail.
 */
export async function attachAnonymousAds(
  db: Db,
  user: { id: string; emailNormalized: string },
  proof: 'mailbox' | 'login',
): Promise<number> {
  return claimAnonymousAds(db, user, {
    verifiedOnly: proof === 'login',
    // A code from the mailbox proves the ad's email as much as its activation link.
    confirmEmail: proof === 'mailbox',
  });
}
