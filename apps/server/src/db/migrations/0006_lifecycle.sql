-- The ad lifecycle's own state (modules/ad-lifecycle): paid time held until the ad
-- goes public, edits of live ads waiting for review, photos waiting with them, and
-- the money of every order either applied to its ad or on a refund record.

-- Days bought and not yet started: they start when a moderator approves the ad.
ALTER TABLE ads
  ADD COLUMN paid_days integer NOT NULL DEFAULT 0 CHECK (paid_days >= 0),
  ADD COLUMN premium_days integer NOT NULL DEFAULT 0 CHECK (premium_days >= 0);

-- Ads paid before this rule and still waiting for review: their time had started at
-- payment; what is left of it waits for approval instead.
UPDATE ads
   SET paid_days = greatest(ceil(extract(epoch FROM expires_at - now()) / 86400), 0)::int,
       expires_at = NULL
 WHERE status IN ('pending', 'payment_pending', 'incomplete') AND paid AND expires_at IS NOT NULL;
UPDATE ads
   SET premium_days = greatest(ceil(extract(epoch FROM premium_until - now()) / 86400), 0)::int,
       premium_until = NULL
 WHERE status IN ('pending', 'payment_pending', 'incomplete') AND premium_until IS NOT NULL;

-- An edit of a live ad: the public version stays until a moderator approves it.
CREATE TABLE ad_revisions (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id),
  -- The ad's columns the edit changes, as the ad form prepared them.
  fields jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'approved', 'rejected', 'merged', 'discarded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  reviewed_by uuid REFERENCES users (id),
  rejection_code text,
  rejection_reason text
);
CREATE UNIQUE INDEX ad_revisions_pending_idx ON ad_revisions (ad_id) WHERE state = 'pending';
CREATE INDEX ad_revisions_ad_idx ON ad_revisions (ad_id, id DESC);

-- A photo added to a live ad is not public until its edit is approved.
ALTER TABLE photos ADD COLUMN pending_review boolean NOT NULL DEFAULT false;

-- Money: what of an order's confirmed payment is applied to its ad. The rest is on
-- refund records (late money, money beyond the order, refunds asked for).
ALTER TABLE payment_orders ADD COLUMN applied_sats bigint NOT NULL DEFAULT 0
  CHECK (applied_sats >= 0);
UPDATE payment_orders o
   SET applied_sats = greatest(o.confirmed_sats - coalesce(
         (SELECT sum(r.amount_sats) FROM refunds r WHERE r.order_id = o.id AND r.state <> 'cancelled'), 0), 0)
 WHERE o.status = 'complete';

-- Refunds: 'offered' (a rejected ad's payment may be refunded or kept), and why.
-- An order may have more than one (money beyond the order arrives later).
ALTER TABLE refunds DROP CONSTRAINT refunds_order_id_key;
ALTER TABLE refunds DROP CONSTRAINT refunds_state_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_state_check
  CHECK (state IN ('offered', 'awaiting_address', 'ready', 'sent', 'cancelled'));
ALTER TABLE refunds ADD COLUMN reason text NOT NULL DEFAULT 'rejected'
  CHECK (reason IN ('rejected', 'not_payable', 'excess', 'deleted'));
CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_ad_idx ON refunds (ad_id);
