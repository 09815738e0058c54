-- The city page at a million ads (issue 28): indexes that answer a page from
-- themselves. Each holds, besides its order, every column the visibility rule and the
-- filters read (INCLUDE), so a page, a filter or the count reads index entries only
-- (an index-only scan) and never the rows of the ads it leaves out.

-- Whether the ad's owner may be shown: an account (an anonymous ad is not public) that
-- is not banned. The ban lives on users (banned_at); this copy on the ad is kept by the
-- two triggers below whatever writes the ban or the owner, so that the public pages
-- read it from their indexes instead of asking users for every ad they read.
ALTER TABLE ads ADD COLUMN owner_shown boolean NOT NULL DEFAULT false;
UPDATE ads a SET owner_shown = true
  WHERE a.owner_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.owner_id AND u.banned_at IS NOT NULL);

CREATE FUNCTION ads_set_owner_shown() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_shown := NEW.owner_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM users u WHERE u.id = NEW.owner_id AND u.banned_at IS NOT NULL);
  RETURN NEW;
END $$;
CREATE TRIGGER ads_owner_shown BEFORE INSERT OR UPDATE OF owner_id, owner_shown ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_set_owner_shown();

CREATE FUNCTION users_ban_to_ads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching owner_id lets the ads' own trigger say it again, from the new ban.
  UPDATE ads SET owner_id = owner_id WHERE owner_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_ban_to_ads AFTER UPDATE OF banned_at ON users
  FOR EACH ROW WHEN (OLD.banned_at IS DISTINCT FROM NEW.banned_at)
  EXECUTE FUNCTION users_ban_to_ads();

DROP INDEX IF EXISTS ads_city_rotation_idx;
DROP INDEX IF EXISTS ads_city_listed_idx;
DROP INDEX IF EXISTS ads_city_posted_idx;
DROP INDEX IF EXISTS ads_city_premium_idx;

-- The rotation, group by group (VIP, free).
CREATE INDEX ads_city_rotation_idx
  ON ads (country_code, city_slug, site_id, listing_group, rotation_key, id)
  INCLUDE (listed_at, expires_at, premium_until, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown;
-- The last day's ads first, and the newest order, group by group.
CREATE INDEX ads_city_listed_idx
  ON ads (country_code, city_slug, site_id, listing_group, listed_at, id)
  INCLUDE (rotation_key, expires_at, premium_until, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown;
-- The same two for the ads with a premium (running or not): the premium group.
CREATE INDEX ads_city_premium_idx
  ON ads (country_code, city_slug, site_id, rotation_key, id)
  INCLUDE (listing_group, listed_at, expires_at, premium_until, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown AND premium_until IS NOT NULL;
CREATE INDEX ads_city_premium_listed_idx
  ON ads (country_code, city_slug, site_id, listed_at, id)
  INCLUDE (listing_group, rotation_key, expires_at, premium_until, age, ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown AND premium_until IS NOT NULL;


-- The filters: a city's ads by ethnicity, business, incalls, outcalls (none as '')
-- and age (the four columns also included as they are: PostgreSQL reads an index
-- alone only when it holds every column a query names, not only their expressions). A filter asks each of the four for a list of values (every stored one for
-- a filter not used), so a few filters read only their ads' entries, in short ranges.
CREATE INDEX ads_city_filters_idx
  ON ads (country_code, city_slug, site_id, (coalesce(ethnicity, '')), (coalesce(business, '')),
          (coalesce(incalls, '')), (coalesce(outcalls, '')), age)
  INCLUDE (id, listing_group, premium_until, listed_at, rotation_key, expires_at,
           ethnicity, business, incalls, outcalls)
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown;

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
  WHERE status = 'active' AND deleted_at IS NULL AND owner_shown;
-- How many ads a word matches in a city, for the planner (a partial index's expression
-- has no statistics of its own): a common word is read in the page's order, a rare one
-- through the index above.
CREATE STATISTICS ads_city_words_stats ON ((array_to_tsvector(ARRAY[city_slug]) || search_vector)) FROM ads;
ANALYZE ads;
