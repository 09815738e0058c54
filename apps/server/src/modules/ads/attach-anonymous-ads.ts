import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads } from '../../db/schema.js';

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
  const claimed = await db
    .update(ads)
    .set({
      ownerId: user.id,
      // A code from the mailbox proves the ad's email as much as its activation link.
      ...(proof === 'mailbox'
        ? { emailVerifiedAt: sql`coalesce(${ads.emailVerifiedAt}, now())` }
        : {}),
    })
    .where(
      and(
        isNull(ads.ownerId),
        eq(ads.emailNormalized, user.emailNormalized),
        ne(ads.status, 'deleted'),
        ...(proof === 'login' ? [isNotNull(ads.emailVerifiedAt)] : []),
      ),
    )
    .returning({ id: ads.id });
  return claimed.length;
}
