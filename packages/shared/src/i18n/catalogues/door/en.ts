/**
 * The second-factor doors (issue 27): what the console says to staff without a second
 * factor, and My Posts and the wizard to an advertiser their site requires to have one.
 * An area of its own so that the advertiser's screens do not load the account page's
 * texts for three sentences; the account page names them from here.
 */
export default {
  staff: 'Moderators and administrators must turn on two-step sign-in before the console opens.',
  advertiser:
    'This site asks your account to turn on two-step sign-in before you post, change, pay for or delete ads. It takes a minute, with an authenticator app or a passkey.',
  action: 'Set it up on your account page',
} as const;
