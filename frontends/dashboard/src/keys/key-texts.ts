import type { ApiKeyKind, ApiKeyScope } from '@fxrates/domain';

/** The keys' words on the dashboard. */
export const KEY_TEXTS = {
  createButton: 'Create New Key',
  createTitle: 'Create New Key',
  firstKeyTitle: 'No API keys yet',
  firstKeyBody: 'Create a key to call the rates API from your servers, from a web page, or from your tests.',
  firstKeyButton: 'Create your first key',
  createFailed: 'The key could not be created. Try again.',
  saveFailed: 'The key could not be saved. Try again.',
  rollFailed: 'The key could not be rolled. Try again.',
  newKeyTitle: 'Your new API key',
  shownOnce: 'Copy this key now. It will not be shown again.',
  copiedQuestion: 'Have you copied your key? You will not be able to see it again.',
  goBack: 'Go back',
  copied: "I've copied it",
  testKeysBanner: 'Test keys answer from a bundled snapshot, unmetered. Use a secret key in production.',
  rollTitle: 'Roll key',
  rollIntro: (name: string) =>
    `Rolling gives ${name} a new secret; its name, scopes, restrictions and usage stay. Choose how long the current secret keeps working, so that you can put the new one in place first.`,
} as const;

export const KIND_LABELS: Record<ApiKeyKind, string> = {
  secret: 'Secret',
  publishable: 'Publishable',
  test: 'Test',
};

/** What each kind is for, under its choice in the create dialog. */
export const KIND_DESCRIPTIONS: Record<ApiKeyKind, string> = {
  secret: 'For your servers. Keep it out of web pages and apps.',
  publishable: 'For web pages: reads rates only, and only from the origins you list.',
  test: 'For development and CI: answers from a bundled snapshot, unmetered.',
};

/** Each scope's label and what it opens, as the create and edit dialogs offer them. */
export const SCOPE_CHOICES: Record<ApiKeyScope, { label: string; description: string }> = {
  'rates:read': {
    label: 'rates:read',
    description: 'Latest rates, a single rate, conversions and currencies',
  },
  'history:read': { label: 'history:read', description: 'Historical rates, time series and fluctuation' },
  stream: { label: 'stream', description: 'The live rates stream' },
  'usage:read': { label: 'usage:read', description: 'Your usage, through GET /api/v1/usage' },
  webhooks: { label: 'webhooks (reserved)', description: 'For webhook management, not available yet' },
};
