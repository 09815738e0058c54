-- Which contacts an ad's public page shows, chosen by the poster on the ad form:
-- call (a tel: link to the ad's phone), text (an sms: link), email (a mailto: link).
-- At least one, so the public can always reach the poster; the email only when
-- chosen. Every existing ad gets the default: the phone alone.

ALTER TABLE ads
  ADD COLUMN public_contacts text[] NOT NULL DEFAULT ARRAY['call']::text[],
  ADD CONSTRAINT ads_public_contacts_check CHECK (
    cardinality(public_contacts) >= 1
    AND array_ndims(public_contacts) = 1
    AND public_contacts <@ ARRAY['call', 'text', 'email']::text[]
  );
