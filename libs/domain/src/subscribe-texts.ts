/** Texts of the subscribe page. */
export const SUBSCRIBE_TEXTS = {
  title: 'Complete Subscription',
  userNotAuthenticated: 'User not authenticated',
  creationFailed: 'Subscription creation failed',
  processingFailed: 'Subscription processing failed. Please contact support.',
  providerFailed: 'PayPal failed to load. Please refresh the page and try again.',
  success: (planName: string) => `Your ${planName} subscription is active.`,
} as const;
