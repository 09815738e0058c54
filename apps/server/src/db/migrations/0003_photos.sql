-- Photos of ads: processed files live in storage; a row exists only once its files do.

CREATE TABLE photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ad_id bigint NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  position integer NOT NULL,
  is_primary boolean NOT NULL DEFAULT false,
  is_verification boolean NOT NULL DEFAULT false,
  width integer NOT NULL,
  height integer NOT NULL,
  -- 64-bit perceptual hash (hex), to find the same picture on other ads.
  phash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_ad_idx ON photos (ad_id, position);
CREATE UNIQUE INDEX photos_one_primary_idx ON photos (ad_id) WHERE is_primary;
CREATE INDEX photos_phash_idx ON photos (phash);
