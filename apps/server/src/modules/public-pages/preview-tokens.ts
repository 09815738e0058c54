import { lifecycle } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { hashToken, newToken } from '../accounts/secrets.js';
import {
  deleteSpentPreviewTokens,
  hasLivePreviewToken,
  insertPreviewToken,
} from './preview-token-repository.js';

/**
 * A preview link's token: random, stored only as its hash, bound to one ad and
 * valid a few minutes (lifecycle.previewTokenMinutes).
 */
export async function issuePreviewToken(db: Db, adId: number, now = new Date()): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + lifecycle.previewTokenMinutes * 60_000);
  // The ad's spent links go as new ones are made, so the table stays small.
  await deleteSpentPreviewTokens(db, adId, now);
  await insertPreviewToken(db, { tokenHash: hashToken(token), adId, expiresAt });
  return token;
}

/** True when `token` is an unexpired preview token of this very ad. */
export async function isPreviewTokenFor(db: Db, token: string, adId: number): Promise<boolean> {
  return hasLivePreviewToken(db, hashToken(token), adId, new Date());
}
