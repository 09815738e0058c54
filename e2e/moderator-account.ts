/** The admin the browser tests moderate with: the server creates it at start (BOOTSTRAP_ADMIN_*). */
export const moderatorAccount = {
  email: 'moderator@e2e.example',
  password: 'moderator e2e long passphrase',
};

/** A moderator made at the command line, with no second factor yet (the console's door). */
export const doorModerator = {
  email: 'door.moderator@e2e.example',
  password: 'door moderator e2e passphrase',
};
