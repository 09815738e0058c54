/**
 * The account page's messages (issue 27): where one is signed in, the device names
 * the server makes of a browser's user agent (apps/server device-label.ts), changing
 * the password and the email, and the notices mailed about those changes.
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
  /** Change password (issue 27): the current password, then the new one twice. */
  password: {
    heading: 'Password',
    intro:
      'Changing your password signs you out everywhere else. We send a notice to your email address.',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    submit: 'Change password',
    mismatch: 'Please make sure both new passwords are the same.',
    /** The current password was wrong: counted like a failed sign-in. */
    currentWrong: 'Your current password is not correct.',
    changed: 'Your password has been changed. You are signed out everywhere else.',
    failed: 'Could not change your password. Please try again later.',
  },
  /**
   * Change email (issue 27): the password and the new address; a code mailed there;
   * the account keeps its email until the code is entered.
   */
  email: {
    heading: 'Email address',
    intro: 'We send a code to the new address. Your email stays the same until you enter it here.',
    newEmail: 'New email address',
    password: 'Current password',
    submit: 'Send code',
    /** The new address is the account's own already. */
    same: 'This is already your email address.',
    passwordWrong: 'Your password is not correct.',
    /** Answered alike whether or not another account uses the address (it is never told). */
    codeSent: (email: string) =>
      `If ${email} can be used, we sent a 6-digit code to it. Enter it below to finish the change.`,
    code: 'Code from the email',
    confirm: 'Change email',
    cancel: 'Cancel',
    codeWrong: 'Code not recognised. Check it, or ask for a new code.',
    /** Found only once the code proved the mailbox: the address was taken meanwhile. */
    taken: 'This email address can no longer be used for your account. Please choose another one.',
    changed: (email: string) => `Your email address is now ${email}.`,
    failed: 'Could not change your email address. Please try again later.',
  },
  /** The notices mailed about a change of password or email (one subject and its lines each). */
  mail: {
    passwordChanged: {
      subject: 'Your password was changed',
      lines: (site: string) => [
        `The password of your ${site} account was just changed, and every other device was signed out.`,
        'If it was not you, reset your password at once with "Forgot password" on the login page.',
      ],
    },
    emailChangeCode: {
      subject: (code: string) => `Your code to change your email: ${code}`,
      lines: (site: string, code: string, minutes: number) => [
        `Someone asked to use this address for a ${site} account. The code is ${code}.`,
        `Enter it on the account page to confirm the change. It expires in ${minutes} minutes.`,
        'If it was not you, ignore this message: nothing changes.',
      ],
    },
    /** To an address another account already uses: no code, nothing changes. */
    emailChangeTaken: {
      subject: 'Your email address was entered on another account',
      lines: (site: string) => [
        `Someone asked to use this address for another ${site} account. This address already has an account, so nothing changed and no code was sent.`,
        'If it was you, sign in to that account instead. Otherwise you can ignore this message.',
      ],
    },
    emailChangeRequested: {
      subject: 'A change of your email address was asked for',
      lines: (site: string, newEmail: string) => [
        `Someone signed in to your ${site} account asked to change its email address to ${newEmail}. We sent a code there; the address stays this one until the code is entered.`,
        'If it was not you, change your password at once and sign out everywhere else on the account page.',
      ],
    },
    emailChanged: {
      subject: 'Your email address was changed',
      lines: (site: string, newEmail: string) => [
        `The email address of your ${site} account is now ${newEmail}. Messages about the account go there from now on.`,
        'If it was not you, write to us at once at the address below.',
      ],
    },
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
