-- Ads, their phone verification codes and analytics events.

CREATE SEQUENCE ads_id_seq START WITH 100001;

CREATE TABLE ads (
  id bigint PRIMARY KEY DEFAULT nextval('ads_id_seq'),
  site_id text NOT NULL,
  owner_id uuid REFERENCES users (id),
  -- The contact email: the account's for owned ads, the poster's for anonymous ones.
  email text NOT NULL,
  email_normalized text NOT NULL,
  type text NOT NULL CHECK (type IN ('free', 'free_verified', 'paid', 'premium')),
  status text NOT NULL DEFAULT 'incomplete'
    CHECK (status IN ('incomplete', 'pending', 'active', 'rejected', 'payment_pending', 'expired', 'deleted')),
  country_code text NOT NULL,
  city_slug text NOT NULL,
  title text NOT NULL,
  description_html text NOT NULL,
  description_text text NOT NULL,
  name text NOT NULL,
  age smallint NOT NULL CHECK (age >= 19 AND age <= 99),
  phone text NOT NULL,
  phone_e164 text,
  ethnicity text,
  business text,
  incalls text,
  outcalls text,
  backlink text,
  backlink_key text,
  product text,
  paid boolean NOT NULL DEFAULT false,
  approved boolean NOT NULL DEFAULT false,
  flags jsonb NOT NULL DEFAULT '[]'::jsonb,
  expires_at timestamptz,
  posted_at timestamptz,
  submitted_at timestamptz,
  email_verified_at timestamptz,
  phone_verified_at timestamptz,
  edit_token_hash text,
  edit_token_expires_at timestamptz,
  activation_token_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  FOREIGN KEY (country_code, city_slug) REFERENCES cities (country_code, slug)
);
CREATE INDEX ads_owner_idx ON ads (owner_id, created_at DESC) WHERE owner_id IS NOT NULL;
CREATE INDEX ads_anonymous_email_idx ON ads (email_normalized) WHERE owner_id IS NULL;
CREATE UNIQUE INDEX ads_edit_token_idx ON ads (edit_token_hash) WHERE edit_token_hash IS NOT NULL;
-- One ad per backlink (deleted ads free their link).
CREATE UNIQUE INDEX ads_backlink_key_idx ON ads (backlink_key)
  WHERE backlink_key IS NOT NULL AND status <> 'deleted';
CREATE INDEX ads_status_idx ON ads (status, submitted_at);

CREATE TABLE phone_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  phone_e164 text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_codes_ad_idx ON phone_codes (ad_id, created_at DESC);

CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  ad_id bigint,
  user_id uuid,
  site_id text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_name_idx ON analytics_events (name, created_at);
