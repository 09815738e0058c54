-- The account page (issue 27) lists where one is signed in: each session keeps the
-- User-Agent header it was created with (its first 512 characters), from which the page
-- names the device. Sessions created before have none and show as an unknown device.
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD CONSTRAINT sessions_user_agent_length_check
  CHECK (char_length(user_agent) <= 512);
