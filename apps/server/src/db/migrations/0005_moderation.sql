-- Moderation and the ad lifecycle: review decisions, reports from the public pages,
-- the append-only audit log, expiry notices sent, and preview links.

ALTER TABLE ads
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN reviewed_by uuid REFERENCES users (id),
  ADD COLUMN rejection_code text,
  ADD COLUMN rejection_reason text;

-- The public city page: approved ads of one city, newest first.
CREATE INDEX ads_public_city_idx ON ads (country_code, city_slug, posted_at DESC)
  WHERE status = 'active';
-- The review queue and the expiry job.
CREATE INDEX ads_pending_idx ON ads (submitted_at) WHERE status = 'pending';
CREATE INDEX ads_active_expiry_idx ON ads (expires_at) WHERE status = 'active';
-- Flags for moderators: the same phone or email on other ads.
CREATE INDEX ads_phone_e164_idx ON ads (phone_e164) WHERE phone_e164 IS NOT NULL;
CREATE INDEX ads_email_normalized_idx ON ads (email_normalized);

CREATE TABLE ad_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ad_id bigint NOT NULL REFERENCES ads (id),
  reason text NOT NULL
    CHECK (reason IN ('underage', 'trafficking', 'scam', 'not_the_person', 'wrong_contact', 'explicit', 'other')),
  details text NOT NULL DEFAULT '',
  -- 0 is the most urgent (underage, trafficking).
  priority smallint NOT NULL,
  -- A keyed hash of the reporter's address: enough to see a flood, not who sent it.
  reporter_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id),
  resolution text CHECK (resolution IN ('dismissed', 'ad_removed'))
);
CREATE INDEX ad_reports_open_idx ON ad_reports (priority, created_at) WHERE resolved_at IS NULL;
CREATE INDEX ad_reports_ad_idx ON ad_reports (ad_id, created_at DESC);

-- Every moderator action: who, what, when, before and after. Nobody edits or deletes it.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id uuid NOT NULL REFERENCES users (id),
  actor_email text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('ad', 'user', 'refund', 'report')),
  target_id text NOT NULL,
  before jsonb,
  after jsonb,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Reminders and the expiry notice, once per kind and per expiry time (a renewal
-- moves the expiry, so the next period is reminded again).
CREATE TABLE ad_expiry_notices (
  ad_id bigint NOT NULL REFERENCES ads (id),
  kind text NOT NULL CHECK (kind IN ('week', 'day', 'expired')),
  expires_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ad_id, kind, expires_at)
);

-- Links that open an ad's page in preview on its city subdomain (10 minutes).
CREATE TABLE preview_tokens (
  token_hash text PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX preview_tokens_expiry_idx ON preview_tokens (expires_at);
