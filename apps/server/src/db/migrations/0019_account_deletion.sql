-- Deleting an account (issue 27). `deleted_at`: the owner deleted it; it is closed at
-- once (no session, no sign-in). `erased_at`: the erasure job has since replaced its
-- personal data (limits.accountErasureGraceDays later). The job finds its work by the
-- partial index.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users ADD COLUMN erased_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_erased_after_deleted_check
  CHECK (erased_at IS NULL OR deleted_at IS NOT NULL);
CREATE INDEX users_awaiting_erasure_idx ON users (deleted_at)
  WHERE deleted_at IS NOT NULL AND erased_at IS NULL;

-- The audit log stays append-only, with one narrow exception the law asks for: the
-- erasure of a deleted account may replace its email in `actor_email`, `before` and
-- `after`, in a transaction that says so (SET LOCAL adboard.audit_erasure = 'on'), and
-- nothing else of an entry may change. DELETE and TRUNCATE are still refused.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND current_setting('adboard.audit_erasure', true) = 'on'
     AND NEW.id = OLD.id
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
     AND NEW.action = OLD.action
     AND NEW.target_type = OLD.target_type
     AND NEW.target_id = OLD.target_id
     AND NEW.reason IS NOT DISTINCT FROM OLD.reason
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
END
$$;
