-- Visits to other cities (issue 29): a live VIP ad is also listed on another city's
-- pages from the first to the last day of a visit (UTC dates, both included). Written
-- by the lifecycle table's effects only ('store_visits', 'end_visits').
CREATE TABLE ad_visits (
  id bigserial PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  country_code text NOT NULL,
  city_slug text NOT NULL,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ad_visits_city_fkey FOREIGN KEY (country_code, city_slug)
    REFERENCES cities (country_code, slug),
  CONSTRAINT ad_visits_days_check CHECK (ends_on >= starts_on AND ends_on - starts_on < 14)
);
-- A city page's visitors today: a few rows a city.
CREATE INDEX ad_visits_city_idx ON ad_visits (country_code, city_slug, ends_on, starts_on);
CREATE INDEX ad_visits_ad_idx ON ad_visits (ad_id);
