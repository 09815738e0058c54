-- Change email from the account page (issue 27): the new address waits here, with the
-- hash of the code mailed to it, until the code is entered; the account keeps its email
-- until then. One open change per account: a new request ends the older ones. The code
-- is 6 digits hashed with the account's id (like email_codes), expires and allows a
-- limited number of wrong tries.
CREATE TABLE email_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL CHECK (char_length(new_email) <= 254),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id, created_at DESC);
