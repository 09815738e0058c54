-- Bitcoin orders for paid ads: one fresh address each, payments per outpoint, history.

-- Receive address indexes: a sequence never hands out the same number twice.
CREATE SEQUENCE btc_address_index_seq AS integer MINVALUE 0 START WITH 0;

CREATE TABLE payment_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ad_id bigint NOT NULL REFERENCES ads (id),
  site_id text NOT NULL,
  product text NOT NULL CHECK (product IN ('paid', 'premium')),
  option_id text NOT NULL,
  days integer NOT NULL,
  currency text NOT NULL,
  amount_fiat numeric(12, 2) NOT NULL,
  rate numeric(18, 2) NOT NULL,
  rate_source text NOT NULL,
  rate_at timestamptz NOT NULL,
  amount_sats bigint NOT NULL CHECK (amount_sats > 0),
  network text NOT NULL,
  address_index integer NOT NULL UNIQUE,
  address text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'assigned' CHECK (status IN ('assigned', 'processing', 'complete')),
  received_sats bigint NOT NULL DEFAULT 0,
  confirmed_sats bigint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  next_check_at timestamptz,
  check_failures integer NOT NULL DEFAULT 0,
  last_checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_ad_idx ON payment_orders (ad_id, created_at DESC);
CREATE INDEX payment_orders_due_idx ON payment_orders (next_check_at) WHERE next_check_at IS NOT NULL;

CREATE TABLE payment_outputs (
  txid text NOT NULL,
  vout integer NOT NULL,
  order_id uuid NOT NULL REFERENCES payment_orders (id) ON DELETE CASCADE,
  sats bigint NOT NULL,
  confirmed boolean NOT NULL,
  block_height integer,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  gone_at timestamptz,
  PRIMARY KEY (txid, vout)
);
CREATE INDEX payment_outputs_order_idx ON payment_outputs (order_id);

CREATE TABLE payment_order_history (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES payment_orders (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  received_sats bigint NOT NULL,
  confirmed_sats bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_order_history_order_idx ON payment_order_history (order_id, id);

-- Premium (featured) is bought for an existing ad and lasts until this time.
ALTER TABLE ads ADD COLUMN premium_until timestamptz;

-- Refunds of paid ads moderators did not approve: sent by an operator from the wallet
-- that holds the keys (this server never does), to the address the payer gives.
CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL UNIQUE REFERENCES payment_orders (id),
  ad_id bigint NOT NULL REFERENCES ads (id),
  amount_sats bigint NOT NULL CHECK (amount_sats > 0),
  state text NOT NULL DEFAULT 'awaiting_address'
    CHECK (state IN ('awaiting_address', 'ready', 'sent', 'cancelled')),
  refund_address text,
  address_token_hash text NOT NULL UNIQUE,
  sent_txid text,
  created_at timestamptz NOT NULL DEFAULT now(),
  address_given_at timestamptz,
  sent_at timestamptz
);
