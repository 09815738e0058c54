import type { AdStatus } from '@adboard/shared';
import { publicStatuses, reviewStatuses } from './transitions.js';

const list = (statuses: readonly AdStatus[]): string =>
  statuses.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');

/**
 * The lifecycle's answers for SQL, generated from the transition table and
 * installed after every migration (db/migrate.ts), so the database asks the
 * same rule the code does instead of keeping a copy:
 * - ad_is_visible(status, deleted_at, expires_at): public status, not deleted,
 *   time not up (a simple expression PostgreSQL inlines, so indexes still apply);
 * - ad_status_in_review(status): waiting for a moderator;
 * - the view public_ads: the ads the public may see (visible, owner not banned).
 */
export function adStateSql(): string {
  return `
CREATE OR REPLACE FUNCTION ad_is_visible(status text, deleted_at timestamptz, expires_at timestamptz)
  RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT status IN (${list(publicStatuses)}) AND deleted_at IS NULL
          AND (expires_at IS NULL OR expires_at > now()) $$;
CREATE OR REPLACE FUNCTION ad_status_in_review(status text)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status IN (${list(reviewStatuses)}) $$;
DROP VIEW IF EXISTS public_ads;
CREATE VIEW public_ads AS
  SELECT a.* FROM ads a
  WHERE ad_is_visible(a.status, a.deleted_at, a.expires_at)
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NULL);
`;
}
