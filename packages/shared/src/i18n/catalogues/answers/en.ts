/**
 * What the server and the app answer about a request (issue 30): the account's errors
 * and confirmations, the HTTP refusals, the rules every form shares, the app's page
 * not found. The server says them in the request's language (`Said`, i18n/said.ts);
 * the schemas name theirs as tagged texts the server's validation and the web's forms
 * both say; the app reads the area for its own (a network failure, a bare 429).
 */
export default {
  auth: {
    /** Beside the register form's terms checkbox: the terms it asks to accept, opened in a new tab. */
    readTerms: 'Read the rules and terms and conditions (opens in a new tab)',
    invalidCredentials: 'Invalid credentials. Please try again!',
    /** The sign-in page's passkey button and its outcomes (issue 27). */
    signInWithPasskey: 'Sign in with a passkey',
    passkeyCancelled: 'The passkey was not used. You can try again.',
    passkeyFailed: 'This passkey was not accepted.',
    /** The heading of the sign-in's second step. */
    twoStepHeading: 'Two-step sign-in',
    emailNotVerified: 'Please verify your email address first. We sent you a new code.',
    registerInvalid:
      'Please use a valid email address, a password of at least {minLength} characters, and make sure your passwords match.',
    registerFailed: 'There was a problem with registration. Please try again later!',
    registerTermsRequired: 'Please accept the rules and terms and conditions to register.',
    registerCheckEmail: 'We sent a 6-digit code to your email address. Enter it below to finish.',
    passwordTooShort: 'Your password must be at least {minLength} characters long.',
    passwordTooLong: 'Your password must be at most {maxLength} characters long.',
    passwordTooCommon:
      'This password is on a list of the most common and leaked passwords, so it is easy to guess. Please choose a different one.',
    verifyCodeFailed: 'Code not recognized. Could not complete verification!',
    verifyCodeSent: 'We sent a new code to your email address.',
    verifySuccess: 'Your email address is verified. Welcome!',
    forgotFailed: 'Could not reset password. Please try again later!',
    forgotSent: 'If an account exists for this email, we sent you a link to reset your password.',
    resetFailed: 'Could not reset password. Please try again later.',
    resetMismatch: 'Please make sure both passwords are the same.',
    resetBadLink: 'Oops... There is a problem with the link.',
    resetLinkGone: 'This reset link was already used or has expired. Please request a new one.',
    resetRequestNew: 'Request a new link',
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
    /** An address whose percent-escapes do not decode. */
    badAddress: 'This address is not valid.',
    forbidden: 'You are not allowed to do that.',
    /** A limit's refusal: the wait in words a person reads (8 minutes, not 477 seconds). */
    tooManyRequests: 'Too many attempts. Please try again in {wait}.',
    internalError: 'Something went wrong on our side. Please try again later.',
    networkError: 'We could not reach the server. Please check your connection and try again.',
    originRefused: 'Requests from other sites are not allowed.',
    /** The Idempotency-Key header of a create, payment address or photo upload. */
    idempotencyKeyInvalid:
      'The Idempotency-Key header must be 8 to 200 letters, digits, dashes or underscores.',
    idempotencyKeyReused:
      'This request was already used for a different ad. Please reload the page and try again.',
    /** A JSON body over the server's limit (1 MiB), the whole request refused (413). */
    bodyTooLarge: 'This request is too large. Please shorten the text and try again.',
    /** A body of a type the address does not take (415), or none where one is needed. */
    unsupportedMediaType: 'This kind of request body is not accepted here.',
    /** A body that is valid JSON but not an object of fields (an array, a string, null). */
    bodyNotObject: 'The request body must be a JSON object of fields.',
  },
  app: {
    notFoundTitle: 'Page not found',
    notFoundBody: 'The page you asked for does not exist or has moved.',
    tryAgain: 'Try again',
  },
  rules: {
    requiredField: 'This field is required.',
    /** A language the site does not speak (the account's language, issue 30). */
    languageNotOffered: 'Please choose English, French or Spanish.',
    invalidEmail: 'Please enter a valid email address.',
    /** Beside a limited field's label while it has the focus (SPEC.md 5). */
    charactersRemaining:
      '{n, plural, one {# character remaining.} other {# characters remaining.}}',
    /** NUL and the other invisible control characters (schemas/common.ts, `textSchema`). */
    controlCharacters:
      'This field contains invisible control characters. Please remove them and try again.',
    /** A field whose schema names no message of its own (a wrong type, a bad format). */
    invalidValue: 'This value is not valid.',
  },
} as const;
