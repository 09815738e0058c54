-- Second factors (issue 27): authenticator apps (TOTP, RFC 6238), recovery codes, the
-- sign-in's second step, remembered devices and the account's security events.

-- An authenticator app. Its secret cannot be hashed (the server computes codes from
-- it): it is sealed with AES-256-GCM under a key derived from the server's secret
-- (modules/accounts/totp-secret-box.ts). A row without confirmed_at is a set-up waiting
-- for its first code. last_used_step: the newest RFC 6238 time step accepted, so a code
-- is taken once, on every server (a conditional UPDATE accepts only a later step).
CREATE TABLE second_factors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT second_factors_kind_check CHECK (kind IN ('totp')),
  name text NOT NULL CONSTRAINT second_factors_name_check
    CHECK (char_length(name) BETWEEN 1 AND 60),
  secret_sealed text NOT NULL,
  confirmed_at timestamptz,
  last_used_step bigint,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX second_factors_user_idx ON second_factors (user_id);

-- Ten per account, each a SHA-256 of 80 random bits bound to the account; used once.
CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);

-- The password step's answer when a second factor is due: a random token (its hash
-- here), minutes long, a few wrong codes, then gone. No session exists until it is met.
CREATE TABLE sign_in_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL CONSTRAINT sign_in_challenges_token_hash_key UNIQUE,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_challenges_user_idx ON sign_in_challenges (user_id);

-- "Remember this device": the device cookie's id (its SHA-256) skips the second step
-- until expires_at. Removing the last factor, or an operator's reset, forgets them.
CREATE TABLE remembered_devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT remembered_devices_pkey PRIMARY KEY (user_id, device_hash)
);

-- What changed in the account's security, each also mailed to the account.
CREATE TABLE security_events (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id text NOT NULL,
  kind text NOT NULL CONSTRAINT security_events_kind_check CHECK (kind IN (
    'factor_added', 'factor_removed', 'recovery_code_used', 'recovery_codes_regenerated',
    'new_device', 'factors_reset', 'password_changed', 'email_changed')),
  detail text CONSTRAINT security_events_detail_check CHECK (char_length(detail) <= 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_user_idx ON security_events (user_id, created_at DESC);
