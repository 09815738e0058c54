-- The city page at a million ads (issue 28): indexes that answer a page from
-- themselves. Each holds, besides its order, every column the visibility rule and the
-- filters read (INCLUDE), so a page, a filter or the count reads index entries only
-- (an index-only scan) and never the rows of the ads it leaves out.

DROP INDEX IF EXISTS ads_city_rotation_idx;
DROP INDEX IF EXISTS ads_city_listed_idx;
DROP INDEX IF EXISTS ads_city_posted_idx;
DROP INDEX IF EXISTS ads_city_premium_idx;

-- The rotation, group by group (VIP, free).
CREATE INDEX ads_city_rotation_idx
  ON ads (country_code, city_slug, site_id, listing_group, rotation_key, id)
  INCLUDE (listed_at, expires_at, premium_until, owner_id, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL;
-- The last day's ads first, and the newest order, group by group.
CREATE INDEX ads_city_listed_idx
  ON ads (country_code, city_slug, site_id, listing_group, listed_at, id)
  INCLUDE (rotation_key, expires_at, premium_until, owner_id, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL;
-- The same two for the ads with a premium (running or not): the premium group.
CREATE INDEX ads_city_premium_idx
  ON ads (country_code, city_slug, site_id, rotation_key, id)
  INCLUDE (listing_group, listed_at, expires_at, premium_until, owner_id, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND premium_until IS NOT NULL;
CREATE INDEX ads_city_premium_listed_idx
  ON ads (country_code, city_slug, site_id, listed_at, id)
  INCLUDE (listing_group, rotation_key, expires_at, premium_until, owner_id, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND premium_until IS NOT NULL;


-- The filters: a city's ads by ethnicity, business, incalls, outcalls (none as '')
-- and age. A filter asks each of the four for a list of values (every stored one for
-- a filter not used), so a few filters read only their ads' entries, in short ranges.
CREATE INDEX ads_city_filters_idx
  ON ads (country_code, city_slug, site_id, (coalesce(ethnicity, '')), (coalesce(business, '')),
          (coalesce(incalls, '')), (coalesce(outcalls, '')), age)
  INCLUDE (id, listing_group, premium_until, listed_at, rotation_key, expires_at, owner_id)
  WHERE status = 'active' AND deleted_at IS NULL;

-- Keywords. The words of an ad are matched on its row: keep them in the row (MAIN:
-- compressed if need be, moved out only as a last resort) rather than in the TOAST
-- table, which cost a second lookup for every ad a search reads (rows already stored
-- move in when they are written again).
ALTER TABLE ads ALTER COLUMN search_vector SET STORAGE MAIN;
-- And a rare word in a large city: the index holds each ad's words with its city's
-- slug as one more lexeme, so a search there intersects the word's entries with the
-- city's in the index and reads only those ads (a slug can collide with a word of
-- another city's ad; the city is checked on the row, this only narrows the read).
DROP INDEX IF EXISTS ads_search_idx;
CREATE INDEX ads_city_search_idx ON ads USING gin ((array_to_tsvector(ARRAY[city_slug]) || search_vector))
  WHERE status = 'active' AND deleted_at IS NULL;
-- How many ads a word matches in a city, for the planner (a partial index's expression
-- has no statistics of its own): a common word is read in the page's order, a rare one
-- through the index above.
CREATE STATISTICS ads_city_words_stats ON ((array_to_tsvector(ARRAY[city_slug]) || search_vector)) FROM ads;
ANALYZE ads;
