-- The code a free verified ad's verification photo shows on its paper, beside the
-- site's name and the date (issue 16): one per ad, so a photo taken for another ad, or
-- an older one, cannot pass. Not a secret and not unique; only the owner and the
-- moderators are given it. Six characters from the 32 of `verificationPhotoCode`
-- (packages/shared/src/verification-photo.ts: no 0/O, no 1/I), drawn by the database
-- for every ad it stores, the ads already there included (a volatile default is
-- evaluated per row); db/schema.ts declares the same default (schema-drift.test.ts).
ALTER TABLE ads ADD COLUMN verification_photo_code text NOT NULL DEFAULT (
  substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1)
    || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1)
    || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1)
    || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1)
    || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1)
    || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1)
);
