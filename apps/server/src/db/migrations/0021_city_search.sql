-- Search, filters and a fair order on the city pages (issue 28).

-- When the ad was last put at the front: published, or renewed (a free ad's renewal,
-- a paid ad's extension). The recommended order shows the last 24 hours' first.
ALTER TABLE ads ADD COLUMN listed_at timestamptz;
UPDATE ads SET listed_at = posted_at WHERE posted_at IS NOT NULL;

-- The part of the city page's group that does not change with time: 1 for paid
-- (VIP and premium) ads, 2 for free ones. A running premium is group 0, asked at
-- read time (premium_until > now()).
ALTER TABLE ads ADD COLUMN listing_group smallint NOT NULL
  GENERATED ALWAYS AS (CASE WHEN type IN ('paid', 'premium') THEN 1 ELSE 2 END) STORED;

-- Where the ad stands in the rotation: a hash of its id, spread over the integers.
-- Each quarter of an hour the city page starts its circle at another point.
ALTER TABLE ads ADD COLUMN rotation_key integer NOT NULL GENERATED ALWAYS AS (hashint8(id)) STORED;

-- What keyword search reads: the title (weighted first) and the description's text
-- (never its HTML), stemmed in English.
ALTER TABLE ads ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, title), 'A')
  || setweight(to_tsvector('english'::regconfig, description_text), 'B')
) STORED;

-- The public ads of a city (status 'active', not deleted: the part of ad_is_visible
-- an index predicate may hold; expiry and the owner's ban are checked on the rows).
DROP INDEX IF EXISTS ads_public_city_idx;
-- The rotation, group by group.
CREATE INDEX ads_city_rotation_idx ON ads (country_code, city_slug, site_id, listing_group, rotation_key)
  WHERE status = 'active' AND deleted_at IS NULL;
-- The last day's ads first, in each group.
CREATE INDEX ads_city_listed_idx ON ads (country_code, city_slug, site_id, listing_group, listed_at)
  WHERE status = 'active' AND deleted_at IS NULL;
-- Newest first, in each group.
CREATE INDEX ads_city_posted_idx ON ads (country_code, city_slug, site_id, listing_group, posted_at)
  WHERE status = 'active' AND deleted_at IS NULL;
-- The rotation of the premium group: the ads with a premium (running or not).
CREATE INDEX ads_city_premium_idx ON ads (country_code, city_slug, site_id, rotation_key)
  WHERE status = 'active' AND deleted_at IS NULL AND premium_until IS NOT NULL;
-- Keywords, among the public ads only.
CREATE INDEX ads_search_idx ON ads USING gin (search_vector)
  WHERE status = 'active' AND deleted_at IS NULL;
