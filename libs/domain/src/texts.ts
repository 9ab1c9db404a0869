/** User-visible texts whose exact wording the specification requires. */
export const TEXTS = {
  tagline: 'Real-time currency exchange rates for professionals',
  headline: 'Foreign Exchange Rates Professional',
  subline: '150+ currencies • Real-time rates • Crypto support 100+',
  showCrypto: 'Show Crypto',
  /** Beside Show Crypto: the metals XAU, XAG, XPT, XPD in the pickers. */
  showMetals: 'Show metals',
  convert: 'Convert',
  allRightsReserved: 'All rights reserved',
  loading: 'Loading...',
} as const;

export const MESSAGES = {
  convertFailed: 'Failed to convert currency',
  convertAuthFailed: 'Authentication failed. Please try again or log in.',
  loadApiKeysFailed: 'Failed to load API keys',
  loadAccountFailed: 'Failed to load account information. Please try again later.',
} as const;

/** Login dialog errors by code; anything else shows `other`. */
export const LOGIN_ERRORS = {
  'user-not-found': 'No account found with this email',
  'wrong-password': 'Incorrect password',
  'invalid-email': 'Invalid email format',
  other: 'Failed to sign in. Please try again.',
} as const;

/** Register dialog errors by code; anything else shows `other`. */
export const REGISTER_ERRORS = {
  'email-already-in-use': 'An account with this email already exists. Would you like to login instead?',
  'weak-password': 'Password should be at least 6 characters',
  'invalid-email': 'Invalid email address',
  'passwords-do-not-match': 'Passwords do not match',
  other: 'Failed to create account. Please try again.',
} as const;

export const AUTH_MESSAGES = {
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
  refreshWithoutUser: 'No user is currently signed in',
  loginPagePrefix: 'Failed to sign in: ',
  registerPagePrefix: 'Failed to create account: ',
} as const;

/** The API docs' key tester. */
export const KEY_TESTER_MESSAGES = {
  unauthorized: 'Invalid or missing API key',
  forbidden: 'API key unauthorized',
  notFound: 'Invalid endpoint or service unavailable',
  rateLimited: 'Rate limit exceeded',
  failed: 'API request failed',
  noResponse: 'Failed to test API key',
  helper: (prefix: string) => `API key must start with '${prefix}'`,
  badPrefix: (prefix: string) => `API key must start with "${prefix}"`,
} as const;

/** The contact page. */
export const CONTACT_TEXTS = {
  consent: 'I agree to be contacted regarding my message',
  send: 'Send Message',
  sent: 'Your message has been sent! We will get back to you soon.',
  failed: 'Failed to send your message. Please try again later.',
  recaptchaNotLoaded: 'reCAPTCHA not loaded',
  recaptchaFailed: 'Failed to execute reCAPTCHA',
  globalService: 'Global Service',
} as const;
