-- Passkeys (WebAuthn, issue 27): a second kind of factor in second_factors, and the
-- challenges of the ceremonies the server starts.

-- A passkey keeps no secret on the server: its credential id, its public key (COSE,
-- base64url) and the authenticator's signature counter. An app keeps its sealed secret.
ALTER TABLE second_factors DROP CONSTRAINT second_factors_kind_check;
ALTER TABLE second_factors ADD CONSTRAINT second_factors_kind_check
  CHECK (kind IN ('totp', 'passkey'));
ALTER TABLE second_factors ALTER COLUMN secret_sealed DROP NOT NULL;
ALTER TABLE second_factors ADD COLUMN credential_id text;
ALTER TABLE second_factors ADD COLUMN public_key text;
ALTER TABLE second_factors ADD COLUMN sign_count bigint;
ALTER TABLE second_factors ADD COLUMN transports text;
ALTER TABLE second_factors ADD CONSTRAINT second_factors_credential_id_key UNIQUE (credential_id);
ALTER TABLE second_factors ADD CONSTRAINT second_factors_kind_fields_check CHECK (
  (kind = 'totp' AND secret_sealed IS NOT NULL AND credential_id IS NULL)
  OR (kind = 'passkey' AND secret_sealed IS NULL AND credential_id IS NOT NULL
      AND public_key IS NOT NULL AND sign_count IS NOT NULL AND confirmed_at IS NOT NULL)
);

-- A ceremony the server started: its random challenge, for whom (none for a sign-in
-- without a password, where the passkey says who), minutes long, answered once.
-- 'reauth': a passkey as the factor the data download and the deletion ask for.
CREATE TABLE passkey_ceremonies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CONSTRAINT passkey_ceremonies_purpose_check
    CHECK (purpose IN ('register', 'sign-in', 'second-step', 'reauth')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  site_id text NOT NULL,
  challenge text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX passkey_ceremonies_expires_idx ON passkey_ceremonies (expires_at);

-- The deletion of an account is a security event too (its own notice mail).
ALTER TABLE security_events DROP CONSTRAINT security_events_kind_check;
ALTER TABLE security_events ADD CONSTRAINT security_events_kind_check CHECK (kind IN (
  'factor_added', 'factor_removed', 'recovery_code_used', 'recovery_codes_regenerated',
  'new_device', 'factors_reset', 'password_changed', 'email_changed', 'account_deleted'));
