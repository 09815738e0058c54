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
 * - the view public_ads: the ads the public may see (visible, owner not banned);
 * - the view ads_awaiting_review: what waits for a moderator's decision, an ad in
 *   review or an edit of a live ad (owner not banned), and since when; the queue and
 *   the dashboard both count from it.
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
DROP VIEW IF EXISTS ads_awaiting_review;
CREATE VIEW ads_awaiting_review AS
  SELECT a.id, a.type, coalesce(a.submitted_at, a.created_at) AS waiting_since, false AS revision
  FROM ads a
  WHERE ad_status_in_review(a.status) AND a.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NOT NULL)
  UNION ALL
  SELECT a.id, a.type, r.created_at, true
  FROM ad_revisions r JOIN ads a ON a.id = r.ad_id
  WHERE r.state = 'pending' AND a.status IN (${list(publicStatuses)}) AND a.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NOT NULL);
CREATE VIEW public_ads AS
  SELECT a.* FROM ads a
  WHERE ad_is_visible(a.status, a.deleted_at, a.expires_at)
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NULL);
`;
}
