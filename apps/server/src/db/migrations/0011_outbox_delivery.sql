-- Mail and SMS go out from the outbox itself (issue 15): a queued message is due at
-- next_attempt_at. A worker's claim moves it forward (a lease it renews while the
-- hand-over lasts), so the claim of a worker that crashed runs out and the message is
-- sent again, at once and with the same Message-ID; a failure sets the retry's time.
ALTER TABLE outbox_messages ADD COLUMN next_attempt_at timestamptz DEFAULT now();
UPDATE outbox_messages SET next_attempt_at = NULL WHERE status <> 'queued';
CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at) WHERE status = 'queued';
-- The pg-boss jobs that used to send each message: the rows above are the queue now.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    DELETE FROM pgboss.job WHERE name = 'deliver-message';
  END IF;
END $$;
