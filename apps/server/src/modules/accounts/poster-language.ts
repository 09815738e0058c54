import { recipientLanguage, type Language } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { findUserLanguage } from './user-repository.js';

/**
 * The language an ad's mails and SMS are written in (issue 30): its owner's account's
 * when it has one that keeps a language, else the one the ad was posted in, else the
 * brand's (`recipientLanguage`).
 */
export async function posterLanguage(
  db: Db,
  site: { language: Language },
  ad: { ownerId: string | null; language: Language | null },
): Promise<Language> {
  const account = ad.ownerId ? await findUserLanguage(db, ad.ownerId) : null;
  return recipientLanguage({ account, ad: ad.language, brand: site.language });
}
