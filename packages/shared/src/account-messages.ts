/**
 * The account page's messages (issue 27): where one is signed in, the device names
 * the server makes of a browser's user agent (apps/server device-label.ts), the data
 * download and the deletion of the account.
 */
export const accountMessages = {
  title: 'Account',
  /** The top bar's entry for signed-in users. */
  menuEntry: 'Account',
  emailLabel: 'Email',
  sessions: {
    heading: "Where you're signed in",
    intro:
      'Each browser or app signed in to your account. End any you do not recognise; it is signed out at once.',
    device: 'Device',
    started: 'Signed in',
    lastActive: 'Last active',
    thisDevice: 'This device',
    end: 'End',
    /** The accessible name of one row's End button. */
    endLabel: (device: string) => `End the session on ${device}`,
    endOthers: 'Sign out everywhere else',
    ended: 'That session has ended.',
    othersEnded: 'You are signed out everywhere else.',
    onlyThisOne: 'You are signed in only here.',
    /** A session id that is not one of the caller's live sessions. */
    notFound: 'This session does not exist or has already ended.',
  },
  /** Asking for the password again before the data download or the deletion (issue 27). */
  reauth: {
    passwordLabel: 'Your password',
    /** A password that is not the account's (the session stays signed in). */
    wrongPassword: 'That is not the password of this account.',
  },
  /** "Your data": the download of everything the site keeps about the account. */
  data: {
    heading: 'Your data',
    intro:
      'Download a file with your account, your ads and their photo links, your orders, receipts and refunds, and where you are signed in.',
    photoLinksNote: 'Photo links in the file work for about an hour.',
    download: 'Download my data',
    downloadSubmit: 'Download',
    dialogTitle: 'Download your data',
    dialogBody: 'Enter your password to download your data.',
    cancel: 'Cancel',
    downloaded: 'Your data has been downloaded.',
    failed: 'Your data could not be downloaded. Please try again.',
  },
  /** "Delete account": the ads come down, the account closes, its data goes after the grace period. */
  deletion: {
    heading: 'Delete account',
    intro: (graceDays: number) =>
      `Your ads are taken down and you are signed out everywhere at once. After ${graceDays} days your email, password, phone numbers, ad texts and photos are erased. Orders, receipts and refunds are kept as the law requires, without your personal data. This cannot be undone.`,
    refundsNote:
      'Money for paid time not yet used is put on a refund, and we email you to ask where to send it.',
    open: 'Delete my account',
    dialogTitle: 'Delete your account?',
    dialogBody: 'Your ads come down and you cannot sign in again. Enter your password to confirm.',
    cancel: 'Cancel',
    confirm: 'Delete my account',
    deleted: 'Your account has been deleted.',
    failed: 'Your account could not be deleted. Please try again.',
    /** Signing in to an account deleted within the grace period (the password was right). */
    signInRefused: 'This account has been deleted.',
    /** A staff account is closed by an administrator (a change of role), not from this page. */
    staffRefused:
      'A moderator or administrator account cannot be deleted from here. Ask an administrator to change its role first.',
  },
  device: {
    /** "Chrome on Windows". */
    on: (browser: string, system: string) => `${browser} on ${system}`,
    unknown: 'Unknown device',
    browsers: {
      edge: 'Edge',
      opera: 'Opera',
      samsung: 'Samsung Internet',
      firefox: 'Firefox',
      chrome: 'Chrome',
      safari: 'Safari',
    },
    systems: {
      iphone: 'iPhone',
      ipad: 'iPad',
      android: 'Android',
      windows: 'Windows',
      chromeos: 'ChromeOS',
      macos: 'macOS',
      linux: 'Linux',
    },
  },
} as const;
