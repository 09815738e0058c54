-- The operator's command line (issue 26) lists the outbox and sends a message again.
-- `kind` says what a message is without reading it: a subject may hold a code (the
-- verification mail's does), and nothing of a message's text is ever printed. Messages
-- written before have none. `expires_at`: when the code or link a message carries stops
-- working (a verification code, an SMS code, a reset or edit link); such a message is
-- not sent again after it.
ALTER TABLE outbox_messages ADD COLUMN kind text;
ALTER TABLE outbox_messages ADD COLUMN expires_at timestamptz;
-- The outbox is never emptied: its newest messages, which the listing shows first,
-- are read from an index rather than a sort of every message.
CREATE INDEX outbox_messages_created_idx ON outbox_messages (created_at DESC);
