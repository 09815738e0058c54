-- The advertiser's tools (issue 29): an ad's rates table and weekly hours, content of
-- the ad like its description (an edit of a live ad's goes to review). The shape is the
-- shared schemas' (packages/shared/src/schemas/ad-rates.ts); the checks here only keep
-- a wrong write from storing something else.
ALTER TABLE ads ADD COLUMN rates jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE ads ADD COLUMN hours jsonb;
ALTER TABLE ads ADD CONSTRAINT ads_rates_check
  CHECK (jsonb_typeof(rates) = 'array');
ALTER TABLE ads ADD CONSTRAINT ads_hours_check
  CHECK (hours IS NULL OR jsonb_typeof(hours) = 'object');
