/**
 * Every user-visible message of the product, in one catalogue, so a brand or a
 * language can change them. Wording follows SPEC.md section 8 with the spelling
 * fixed as DECISIONS.md asks.
 */
export const messages = {
  auth: {
    invalidCredentials: 'Invalid credentials. Please try again!',
    emailNotVerified: 'Please verify your email address first. We sent you a new code.',
    registerInvalid: (minLength: number) =>
      `Please use a valid email address, a password of at least ${minLength} characters, and make sure your passwords match.`,
    registerFailed: 'There was a problem with registration. Please try again later!',
    registerTermsRequired: 'Please accept the rules and terms and conditions to register.',
    registerCheckEmail: 'We sent a 6-digit code to your email address. Enter it below to finish.',
    passwordTooShort: (minLength: number) =>
      `Your password must be at least ${minLength} characters long.`,
    passwordTooLong: (maxLength: number) =>
      `Your password must be at most ${maxLength} characters long.`,
    passwordTooCommon:
      'This password is too common and easy to guess. Please choose a different one.',
    verifyCodeFailed: 'Code not recognized. Could not complete verification!',
    verifyCodeSent: 'We sent a new code to your email address.',
    verifySuccess: 'Your email address is verified. Welcome!',
    forgotFailed: 'Could not reset password. Please try again later!',
    forgotSent: 'If an account exists for this email, we sent you a link to reset your password.',
    resetFailed: 'Could not reset password. Please try again later.',
    resetMismatch: 'Please make sure both passwords are the same.',
    resetBadLink: 'Oops... There is a problem with the link.',
    resetDone: 'Your password has been changed. You can now log in with it.',
    completeRegistrationFailed: 'Could not complete registration. Please try again',
    signInRequired: 'Please log in to continue.',
    loggedOut: 'You are logged out.',
    accountBanned: 'This account has been suspended.',
  },
  posts: {
    noPosts: 'You have no posts at the moment. You are welcome to post your first ad!',
    postNewAd: 'Post a New Ad',
  },
  http: {
    validationFailed: 'Some fields are not valid. Please check them and try again.',
    invalidJson: 'The request body is not valid JSON.',
    notFound: 'Not found.',
    forbidden: 'You are not allowed to do that.',
    tooManyRequests: (seconds: number) =>
      `Too many attempts. Please wait ${seconds} seconds and try again.`,
    internalError: 'Something went wrong on our side. Please try again later.',
    networkError: 'We could not reach the server. Please check your connection and try again.',
    originRefused: 'Requests from other sites are not allowed.',
  },
  app: {
    notFoundTitle: 'Page not found',
    notFoundBody: 'The page you asked for does not exist or has moved.',
    tryAgain: 'Try again',
  },
  rules: {
    requiredField: 'This field is required.',
    invalidEmail: 'Please enter a valid email address.',
    charactersRemaining: (n: number) => `${n} characters remaining.`,
  },
} as const;
