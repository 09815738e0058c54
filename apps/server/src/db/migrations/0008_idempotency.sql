-- Idempotent requests (issue 13): a create, a payment address or a photo upload sent
-- again with the same Idempotency-Key answers the first one and does nothing twice.
-- Only SHA-256 hashes of the keys are kept. A secret in an answer (the edit token of a
-- new ad) is kept sealed (AES-256-GCM) under a key derived from the idempotency key,
-- so only the request that sends the key again can read it. Rows live 24 hours.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key_hash text NOT NULL,
  request_hash text NOT NULL,
  result jsonb,
  sealed text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key_hash)
);
-- The lifecycle job deletes rows older than a day.
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
