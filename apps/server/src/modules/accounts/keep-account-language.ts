import { recipientLanguage, type Language } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { ActorUser } from '../../domain/actor.js';
import { touchUser } from './user-repository.js';

/**
 * The language menu's choice while signed in (issue 30): the account keeps it, and its
 * mails, SMS and screens on any browser speak it from then on.
 */
export async function keepAccountLanguage(
  tx: Tx,
  user: ActorUser,
  language: Language,
): Promise<void> {
  if (user.language === language) return;
  await touchUser(tx.db, user.id, { language });
}

/** The language an account's mails and SMS are written in: its own, else the brand's. */
export function languageOfAccount(
  site: { language: Language },
  user: { language: Language | null },
): Language {
  return recipientLanguage({ account: user.language, brand: site.language });
}
