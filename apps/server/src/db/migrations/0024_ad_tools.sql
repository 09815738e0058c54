-- The advertiser's tools (issue 29): pause and resume, the scheduled start, and
-- 'Available now'. Every column is written by the lifecycle table's effects only
-- (modules/ad-lifecycle), like the ad's other state.

-- Two more statuses: 'paused' (off the public pages by its owner's choice, its time
-- held) and 'scheduled' (approved, waiting for its start date).
ALTER TABLE ads DROP CONSTRAINT ads_status_check;
ALTER TABLE ads ADD CONSTRAINT ads_status_check CHECK (status IN
  ('incomplete', 'pending', 'active', 'rejected', 'payment_pending', 'expired', 'deleted',
   'paused', 'scheduled'));

-- Since when the ad is paused: on resume its clocks (expiry, premium) move on by the
-- time it was paused, to the second.
ALTER TABLE ads ADD COLUMN paused_at timestamptz;
-- The day (UTC) an approved ad goes public; null: at approval.
ALTER TABLE ads ADD COLUMN starts_on date;
-- 'Available now': until when, since when (the order among available ads), and the
-- starts of the last 24 hours (at most 3 in any 24 hours; older ones are dropped as a
-- new one is written).
ALTER TABLE ads ADD COLUMN available_until timestamptz;
ALTER TABLE ads ADD COLUMN available_since timestamptz;
ALTER TABLE ads ADD COLUMN available_starts timestamptz[] NOT NULL DEFAULT '{}';

CREATE INDEX ads_scheduled_idx ON ads (starts_on) WHERE status = 'scheduled';

-- The city page's indexes also hold available_until and available_since (INCLUDE), so
-- that the order's branches and its sort key still read index entries only.
DROP INDEX ads_city_rotation_idx;
DROP INDEX ads_city_listed_idx;
DROP INDEX ads_city_premium_idx;
DROP INDEX ads_city_premium_listed_idx;
DROP INDEX ads_city_filters_idx;
CREATE INDEX ads_city_rotation_idx
  ON ads (country_code, city_slug, site_id, listing_group, rotation_key, id)
  INCLUDE (listed_at, expires_at, premium_until, age, ethnicity, business, incalls, outcalls, available_until, available_since)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown;
CREATE INDEX ads_city_listed_idx
  ON ads (country_code, city_slug, site_id, listing_group, listed_at, id)
  INCLUDE (rotation_key, expires_at, premium_until, age, ethnicity, business, incalls, outcalls, available_until, available_since)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown;
CREATE INDEX ads_city_premium_idx
  ON ads (country_code, city_slug, site_id, rotation_key, id)
  INCLUDE (listing_group, listed_at, expires_at, premium_until, age, ethnicity, business, incalls, outcalls, available_until, available_since)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown AND premium_until IS NOT NULL;
CREATE INDEX ads_city_premium_listed_idx
  ON ads (country_code, city_slug, site_id, listed_at, id)
  INCLUDE (listing_group, rotation_key, expires_at, premium_until, age, ethnicity, business, incalls, outcalls, available_until, available_since)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown AND premium_until IS NOT NULL;
CREATE INDEX ads_city_filters_idx
  ON ads (country_code, city_slug, site_id, (coalesce(ethnicity, '')), (coalesce(business, '')),
          (coalesce(incalls, '')), (coalesce(outcalls, '')), age)
  INCLUDE (id, listing_group, premium_until, listed_at, rotation_key, expires_at,
           ethnicity, business, incalls, outcalls, available_until, available_since)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown;

-- The available ads of a city, the most recently started first: a few rows per city
-- (the lifecycle job clears an availability that has ended).
CREATE INDEX ads_city_available_idx
  ON ads (country_code, city_slug, site_id, available_since, id)
  INCLUDE (available_until, listing_group, premium_until, listed_at, rotation_key, expires_at,
           age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown AND available_until IS NOT NULL;
