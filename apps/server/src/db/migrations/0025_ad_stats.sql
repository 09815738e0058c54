-- Each ad's statistics (issue 29): per ad and UTC day, the visitors counted once a day
-- each (appearances in a city list, views of the ad page, taps on each contact link).
-- Nothing that identifies a visitor is stored: the once-a-day rule is kept in memory
-- (modules/ad-stats). Rows are added to in batches and kept 90 days.
CREATE TABLE ad_stats (
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  day date NOT NULL,
  appearances integer NOT NULL DEFAULT 0 CHECK (appearances >= 0),
  views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  call_taps integer NOT NULL DEFAULT 0 CHECK (call_taps >= 0),
  text_taps integer NOT NULL DEFAULT 0 CHECK (text_taps >= 0),
  email_taps integer NOT NULL DEFAULT 0 CHECK (email_taps >= 0),
  PRIMARY KEY (ad_id, day)
);

-- The pruning of rows past 90 days.
CREATE INDEX ad_stats_day_idx ON ad_stats (day);
