/**
 * The account page's messages (issue 27): where one is signed in, the device names
 * the server makes of a browser's user agent (apps/server device-label.ts), changing
 * the password and the email, the notices mailed about those changes, two-step sign-in
 * and passkeys, the security notices, the data download and the deletion of the account.
 * The top bar's entry and the texts other areas own (answers, door) are named from there.
 */
export default {
  title: 'Account',
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
    endLabel: 'End the session on {device}',
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
    codeSent:
      'If {email} can be used, we sent a 6-digit code to it. Enter it below to finish the change.',
    code: 'Code from the email',
    confirm: 'Change email',
    cancel: 'Cancel',
    codeWrong: 'Code not recognised. Check it, or ask for a new code.',
    /** Found only once the code proved the mailbox: the address was taken meanwhile. */
    taken: 'This email address can no longer be used for your account. Please choose another one.',
    changed: 'Your email address is now {email}.',
    failed: 'Could not change your email address. Please try again later.',
  },
  /** The notices mailed about a change of password or email (one subject and its lines each). */
  mail: {
    accountDeleted: {
      subject: 'Your account was deleted',
      lines: {
        deleted:
          'Your {site} account was deleted at your request. Its ads are down and every device was signed out.',
        erased:
          'On {eraseDate} your email, password, phone numbers, ad texts and photos are erased. Orders, receipts and refunds are kept as the law requires, without your personal data.',
        refund:
          'If money for paid time is owed back to you, we email you separately to ask where to send it.',
        notYou: 'If it was not you, contact us at once by replying to this email.',
      },
    },
    passwordChanged: {
      subject: 'Your password was changed',
      lines: {
        changed:
          'The password of your {site} account was just changed, and every other device was signed out.',
        notYou:
          'If it was not you, reset your password at once with "Forgot password" on the login page.',
      },
    },
    emailChangeCode: {
      subject: 'Your code to change your email: {code}',
      lines: {
        asked: 'Someone asked to use this address for a {site} account. The code is {code}.',
        confirm:
          'Enter it on the account page to confirm the change. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
        notYou: 'If it was not you, ignore this message: nothing changes.',
      },
    },
    /** To an address another account already uses: no code, nothing changes. */
    emailChangeTaken: {
      subject: 'Your email address was entered on another account',
      lines: {
        asked:
          'Someone asked to use this address for another {site} account. This address already has an account, so nothing changed and no code was sent.',
        ifYou:
          'If it was you, sign in to that account instead. Otherwise you can ignore this message.',
      },
    },
    emailChangeRequested: {
      subject: 'A change of your email address was asked for',
      lines: {
        asked:
          'Someone signed in to your {site} account asked to change its email address to {newEmail}. We sent a code there; the address stays this one until the code is entered.',
        notYou:
          'If it was not you, change your password at once and sign out everywhere else on the account page.',
      },
    },
    emailChanged: {
      subject: 'Your email address was changed',
      lines: {
        changed:
          'The email address of your {site} account is now {newEmail}. Messages about the account go there from now on.',
        notYou: 'If it was not you, write to us at once at the address below.',
      },
    },
  },
  /** Asking for the password again before the data download or the deletion (issue 27). */
  reauth: {
    passwordLabel: 'Your password',
  },
  /** "Your data": the download of everything the site keeps about the account. */
  data: {
    heading: 'Your data',
    intro:
      'Download a file with your account, your ads and their photo links, your orders, receipts and refunds, where you are signed in, and the security changes of your account.',
    photoLinksNote: 'Photo links in the file work for about an hour.',
    download: 'Download my data',
    downloadSubmit: 'Download',
    dialogTitle: 'Download your data',
    dialogBody:
      'Enter your password (and a code from your authenticator app, when two-step sign-in is on) to download your data.',
    cancel: 'Cancel',
    downloaded: 'Your data has been downloaded.',
    failed: 'Your data could not be downloaded. Please try again.',
  },
  /** "Delete account": the ads come down, the account closes, its data goes after the grace period. */
  deletion: {
    heading: 'Delete account',
    intro:
      'Your ads are taken down and you are signed out everywhere at once. After {graceDays, plural, one {# day} other {# days}} your email, password, phone numbers, ad texts and photos are erased. Orders, receipts and refunds are kept as the law requires, without your personal data. This cannot be undone.',
    refundsNote:
      'Money for paid time not yet used is put on a refund, and we email you to ask where to send it.',
    open: 'Delete my account',
    dialogTitle: 'Delete your account?',
    dialogBody:
      'Your ads come down and you cannot sign in again. Enter your password (and a code from your authenticator app, when two-step sign-in is on) to confirm.',
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
  /**
   * Two-step sign-in (issue 27): authenticator apps, recovery codes. The sign-in's second
   * step, with the code's label and rule, is an area of its own (second-step).
   */
  twoStep: {
    heading: 'Two-step sign-in',
    intro:
      'After your password, sign-in asks for a code from an authenticator app on your phone, or for a passkey. Keep your recovery codes somewhere safe: each one signs you in once if you lose the phone.',
    required:
      'Your account must have two-step sign-in. Add an authenticator app or a passkey to continue.',
    none: 'Two-step sign-in is off: no authenticator app or passkey is set up.',
    factorAdded: 'Added {date}',
    factorLastUsed: 'last used {date}',
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
    renameLabel: 'Rename {name}',
    remove: 'Remove',
    removeLabel: 'Remove {name}',
    renamed: 'The authenticator app is renamed.',
    removed: 'The authenticator app is removed.',
    added: 'Two-step sign-in is on.',
    recoveryHeading: 'Recovery codes',
    recoveryLeft: '{count, plural, one {# recovery code left.} other {# recovery codes left.}}',
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
    /** The data download and the deletion ask for both when the account has a second factor. */
    codeAlsoRequired: 'Enter a code from your authenticator app (or a recovery code) as well.',
    nameInvalid: 'Please give a name of 1 to {max} characters.',
    setupGone: 'This set-up has expired. Please start again.',
    setupCodeFailed: 'That code does not match. Check the app and the time on your phone.',
    tooManyFactors: 'An account can have at most {max} authenticator apps and passkeys.',
    notFound: 'This authenticator app or passkey does not exist or was already removed.',
    noFactor: 'Recovery codes need an authenticator app or a passkey first.',
  },
  /** Passkeys (WebAuthn): a second factor, and sign-in without a password. */
  passkeys: {
    heading: 'Passkeys',
    intro:
      'A passkey signs you in with your phone, computer or security key (fingerprint, face or PIN) instead of a code, and cannot be phished.',
    add: 'Add a passkey',
    defaultName: 'Passkey',
    nameLabel: 'Name of the passkey',
    create: 'Create the passkey',
    added: 'The passkey is added.',
    kindApp: 'Authenticator app',
    kindPasskey: 'Passkey',
    signInIntro: 'No password needed: use the passkey saved on this device or your phone.',
    /** Beside the password, a passkey instead of a code (the data download, the deletion). */
    confirmWithPasskey: 'Confirm with my passkey instead of a code',
    unsupported: 'This browser cannot use passkeys.',
    credentialInvalid: 'The passkey answer is not valid. Please try again.',
    ceremonyGone: 'This passkey request has expired. Please try again.',
    unknown: 'This passkey is not known here. Sign in with your password.',
    verificationRequired:
      'The passkey must check it is you (fingerprint, face or PIN). Please try again.',
    alreadyAdded: 'This passkey is already on your account.',
  },
  /** The mail every security change sends (modules/accounts/security-events.ts). */
  securityNotice: {
    subject: 'A security change to your account',
    intro: 'There was a security change to your {site} account:',
    kinds: {
      factor_added: 'An authenticator app or a passkey was added to your sign-in.',
      factor_removed: 'An authenticator app or a passkey was removed from your sign-in.',
      recovery_code_used: 'A recovery code was used to sign in.',
      recovery_codes_regenerated: 'New recovery codes were made; the old ones no longer work.',
      new_device: 'Your account was signed in from a new device.',
      factors_reset: 'An operator removed your two-step sign-in at your request.',
      password_changed: 'Your password was changed.',
      email_changed: 'The email address of your account was changed.',
      account_deleted: 'Your account was deleted.',
    },
    detail: 'Details: {detail}',
    notYou:
      'If it was not you, reset your password now and check your account page, or contact us.',
  },
  device: {
    /**
     * "Chrome on Windows": the browser and the system are product names, the same in
     * every language, so they are no texts here (apps/server device-label.ts has them).
     */
    on: '{browser} on {system}',
    unknown: 'Unknown device',
  },
} as const;
