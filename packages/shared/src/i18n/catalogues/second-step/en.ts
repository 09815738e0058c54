/**
 * The sign-in's second step (issue 27): after a right password, an account with a second
 * factor is asked for its authenticator app's code, a recovery code or a passkey. An area
 * of its own so that /login does not load the account page's texts for a step most
 * sign-ins never show: the step loads them with its form (routes/login.tsx). The account
 * page names the code's label and rule from here (accountMessages).
 */
export default {
  /** The code: an authenticator app's 6-digit code, or a recovery code. */
  twoStep: {
    signInIntro: 'Enter the 6-digit code from your authenticator app.',
    signInRecoveryIntro: 'Enter one of your recovery codes.',
    codeLabel: 'Code',
    recoveryCodeLabel: 'Recovery code',
    useRecoveryCode: 'Use a recovery code',
    useAppCode: 'Use the app instead',
    rememberDevice: 'Remember this device for {days, plural, one {# day} other {# days}}',
    verify: 'Verify',
    codeFailed: 'That code is not right. Please try again.',
    codeInvalid: 'Enter the 6-digit code, or a recovery code.',
    challengeGone: 'This sign-in has expired. Please enter your email and password again.',
  },
  /** A passkey instead of a code. */
  passkeys: {
    signInStepIntro: 'Use your passkey to finish signing in.',
    usePasskey: 'Use my passkey',
    useInStep: 'Use a passkey instead',
  },
} as const;
