-- A message a person is waiting for at a screen (an account's code, a reset link, an
-- ad's activation mail or SMS code) goes out before the rest of a backlog (issue 24):
-- the dispatcher claims due messages waited-for first, then by due time.
ALTER TABLE outbox_messages ADD COLUMN waited_for boolean NOT NULL DEFAULT false;
DROP INDEX outbox_messages_due_idx;
CREATE INDEX outbox_messages_due_idx ON outbox_messages (waited_for DESC, next_attempt_at)
  WHERE status = 'queued';
