-- The operator's command line (issue 26) acts as no account of the site: its audit
-- entries name the machine user as `cli:<user>` and no actor id. Every other entry
-- still names the account that acted.
ALTER TABLE audit_log ALTER COLUMN actor_id DROP NOT NULL;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_check
  CHECK (actor_id IS NOT NULL OR actor_email LIKE 'cli:%');
-- A payment order re-checked against the chain, a message sent again from the outbox.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check
  CHECK (target_type IN ('ad', 'user', 'refund', 'report', 'order', 'message'));
