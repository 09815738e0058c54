import type { Language } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { posterLanguage } from '../accounts/account-queries.js';
import { findAd } from './ad-repository.js';

/** The language the poster of ad `adId` reads its mails in (`posterLanguage`); the brand's for no such ad. */
export async function languageOfAdPoster(
  db: Db,
  site: { language: Language },
  adId: number | string,
): Promise<Language> {
  const ad = await findAd(db, String(adId));
  return ad ? posterLanguage(db, site, ad) : site.language;
}
