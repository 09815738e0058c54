-- The reader's language kept for mails and SMS (issue 30). An account keeps the language
-- it registered in, then the one its owner chooses in the language menu; an ad keeps the
-- language it was posted in, for the mails of a poster without an account. NULL (rows
-- from before this migration) means the brand's language. The values are written only
-- from the shared `Language` type (packages/shared/src/i18n/languages.ts), the one list
-- of the three, so SQL keeps no copy of it.
ALTER TABLE users ADD COLUMN language text;
ALTER TABLE ads ADD COLUMN language text;
