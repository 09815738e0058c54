import { sql } from 'drizzle-orm';
import { ads } from '../../db/schema.js';

/**
 * Lifecycle mails go only to owners of ads that were public: an ad has an
 * account behind it and that account is not banned. Others expire quietly.
 */
export const ownerReachable = sql<boolean>`(${ads.ownerId} IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM users u WHERE u.id = ${ads.ownerId} AND u.banned_at IS NOT NULL))`;
