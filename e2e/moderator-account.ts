/** The admin the browser tests moderate with: the server creates it at start (BOOTSTRAP_ADMIN_*). */
export const moderatorAccount = {
  email: 'moderator@e2e.example',
  password: 'moderator e2e long passphrase',
};
