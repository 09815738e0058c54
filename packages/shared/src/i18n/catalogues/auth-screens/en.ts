/**
 * The account screens' own words (sign in, sign up, codes, passwords) and the buttons
 * and fields the app's screens share (issue 30): an area every account screen loads.
 */
export default {
  common: {
    goHome: 'Go to the home page',
    logIn: 'Log in',
    createAccount: 'Create an account',
    continue: 'Continue',
    cancel: 'Cancel',
    delete: 'Delete',
    remove: 'Remove',
  },
  fields: {
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    /** Before the address a screen is about: 'Email: ada@example.com'. */
    emailShown: 'Email:',
    /** Before the account a reset is for: 'Account: ada@example.com'. */
    accountShown: 'Account:',
  },
  auth: {
    forgotPassword: 'Forgot your password?',
    sendResetLink: 'Send reset link',
    backToLogin: 'Back to log in',
    resetTitle: 'Reset your password',
    changePassword: 'Change password',
    alreadyHaveAccount: 'Already have an account?',
    verifyTitle: 'Verify your email',
    codeLabel: '6-digit code',
    verify: 'Verify',
    sendNewCode: 'Send a new code',
    completeTitle: 'Complete your registration',
    completeIntro: 'Choose a password for your account. Your ad is then kept in My Posts.',
    loggingOut: 'Logging out',
    /** The registration forms' buttons: a new account, and an anonymous poster's account. */
    register: 'Register',
    completeRegistration: 'Complete registration',
  },
  /** Each account screen's document title (the browser's tab), before the site's name. */
  titles: {
    register: 'Register',
    forgotPassword: 'Forgot password',
    resetPassword: 'Reset password',
    completeRegistration: 'Complete registration',
    verifyEmail: 'Verify email',
  },
} as const;
