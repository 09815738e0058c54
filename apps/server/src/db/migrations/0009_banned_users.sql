-- Banned accounts are few: the checks 'is this email or phone a banned account's'
-- (a new ad, modules/ad-lifecycle) start from them instead of from every ad with the phone.
CREATE INDEX users_banned_idx ON users (id) WHERE banned_at IS NOT NULL;
