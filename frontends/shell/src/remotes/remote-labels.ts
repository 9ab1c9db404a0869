import type { RemoteName } from '@fxrates/web-kit';

/** How each remote is named to users when it cannot be loaded. */
export const REMOTE_LABELS: Readonly<Record<RemoteName, string>> = {
  marketing: 'This page',
  dashboard: 'The dashboard',
  billing: 'Billing',
};
