/**
 * The account page's messages (issue 27): where one is signed in, and the device
 * names the server makes of a browser's user agent (apps/server device-label.ts).
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
  /** Two-step sign-in (issue 27): authenticator apps, recovery codes, the second step. */
  twoStep: {
    heading: 'Two-step sign-in',
    intro:
      'After your password, sign-in asks for a code from an authenticator app on your phone. Keep your recovery codes somewhere safe: each one signs you in once if you lose the phone.',
    required: 'Your account must have two-step sign-in. Add an authenticator app to continue.',
    none: 'Two-step sign-in is off: no authenticator app is set up.',
    factorAdded: (date: string) => `Added ${date}`,
    factorLastUsed: (date: string) => `last used ${date}`,
    add: 'Add an authenticator app',
    scanQr: 'Scan this QR code with your authenticator app, or type the key below into it.',
    qrLabel: 'QR code of the authenticator key',
    manualKey: 'Key for manual entry',
    nameLabel: 'Name',
    defaultName: 'Authenticator app',
    newCodeLabel: 'Code shown by the app',
    confirm: 'Turn on',
    cancel: 'Cancel',
    rename: 'Rename',
    renameLabel: (name: string) => `Rename ${name}`,
    remove: 'Remove',
    removeLabel: (name: string) => `Remove ${name}`,
    renamed: 'The authenticator app is renamed.',
    removed: 'The authenticator app is removed.',
    added: 'Two-step sign-in is on.',
    recoveryHeading: 'Recovery codes',
    recoveryLeft: (count: number) =>
      count === 1 ? '1 recovery code left.' : `${count} recovery codes left.`,
    /** The heading of the codes shown once, after a set-up or new codes. */
    recoveryNewHeading: 'Save your recovery codes',
    recoveryShownOnce:
      'Save these codes now: they are shown only this once. Each one signs you in once.',
    recoveryCopy: 'Copy',
    recoveryCopied: 'The codes are copied.',
    recoveryDownload: 'Download',
    recoveryFileName: 'recovery-codes.txt',
    recoveryDone: 'I have saved them',
    regenerate: 'New recovery codes',
    regenerated: 'New recovery codes are made; the old ones no longer work.',
    /** The re-authentication every change asks for. */
    reauthHeading: 'Confirm it is you',
    reauthIntro: 'Enter your password, or a code from your authenticator app.',
    currentPassword: 'Current password',
    currentCode: 'Or a code from your app',
    reauthRequired: 'Please enter your password or a current code to confirm.',
    reauthFailed: 'That password or code is not right.',
    /** The sign-in's second step. */
    signInHeading: 'Two-step sign-in',
    signInIntro: 'Enter the 6-digit code from your authenticator app.',
    signInRecoveryIntro: 'Enter one of your recovery codes.',
    codeLabel: 'Code',
    recoveryCodeLabel: 'Recovery code',
    useRecoveryCode: 'Use a recovery code',
    useAppCode: 'Use the app instead',
    rememberDevice: (days: number) => `Remember this device for ${days} days`,
    verify: 'Verify',
    codeFailed: 'That code is not right. Please try again.',
    codeInvalid: 'Enter the 6-digit code, or a recovery code.',
    challengeGone: 'This sign-in has expired. Please enter your email and password again.',
    nameInvalid: (max: number) => `Please give a name of 1 to ${max} characters.`,
    setupGone: 'This set-up has expired. Please start again.',
    setupCodeFailed: 'That code does not match. Check the app and the time on your phone.',
    tooManyFactors: (max: number) => `An account can have at most ${max} authenticator apps.`,
    notFound: 'This authenticator app does not exist or was already removed.',
    noFactor: 'Recovery codes need an authenticator app first.',
    /** The console's door (page and API) for staff without a second factor. */
    staffDoor:
      'Moderators and administrators must turn on two-step sign-in before the console opens.',
    staffDoorAction: 'Set it up on your account page',
  },
  /** The mail every security change sends (modules/accounts/security-events.ts). */
  securityNotice: {
    subject: 'A security change to your account',
    intro: (site: string) => `There was a security change to your ${site} account:`,
    kinds: {
      factor_added: 'An authenticator app was added for two-step sign-in.',
      factor_removed: 'An authenticator app was removed from two-step sign-in.',
      recovery_code_used: 'A recovery code was used to sign in.',
      recovery_codes_regenerated: 'New recovery codes were made; the old ones no longer work.',
      new_device: 'Your account was signed in from a new device.',
      factors_reset: 'An operator removed your two-step sign-in at your request.',
      password_changed: 'Your password was changed.',
      email_changed: 'The email address of your account was changed.',
    },
    detail: (detail: string) => `Details: ${detail}`,
    notYou:
      'If it was not you, reset your password now and check your account page, or contact us.',
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
