import type { AccountSessionView } from '@fxrates/domain';
import { formatDateTime } from '@fxrates/web-kit';

/** The API's calls, below its base URL. */
export const SESSIONS_API = {
  list: '/account/sessions',
  signOut: (id: string) => `/account/sessions/${encodeURIComponent(id)}`,
  signOutOthers: '/account/sessions',
} as const;

export const SESSION_TEXTS = {
  sectionTitle: 'Sessions',
  description: 'Where your account is signed in. Sign out any session you do not recognise.',
  loadFailed: 'Your sessions could not be loaded. Try again.',
  signOutFailed: 'The session could not be signed out. Try again.',
  signOutOthersFailed: 'The other sessions could not be signed out. Try again.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other sessions',
  confirmOneTitle: 'Sign out this session?',
  confirmOthersTitle: 'Sign out all other sessions?',
  confirmOthers:
    'Every other browser signed in to your account is signed out at once. This one stays signed in.',
  cancel: 'Cancel',
  onlyThis: 'No other session is signed in.',
  unknownPlace: 'Unknown location',
} as const;

/** A session as a row of the list shows it, every field a string. */
export interface SessionView {
  id: string;
  browser: string;
  /** The place, else the network, else "Unknown location". */
  place: string;
  /** "5 minutes ago", "just now". */
  lastUsed: string;
  /** The exact time, for the title of `lastUsed`. */
  lastUsedExact: string;
  signedIn: string;
  current: boolean;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 days ago": how long ago `iso` was at `now`. */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** "December 1, 2026, 14:05 UTC": the product's one format, in the browser's zone unless told. */
export function exactTime(iso: string, timeZone?: string): string {
  return formatDateTime(iso, timeZone ?? 'local');
}

export function sessionView(session: AccountSessionView, now: number, timeZone?: string): SessionView {
  return {
    id: session.id,
    browser: session.browser,
    place: session.place ?? session.network ?? SESSION_TEXTS.unknownPlace,
    lastUsed: timeAgo(session.lastUsedAt, now),
    lastUsedExact: exactTime(session.lastUsedAt, timeZone),
    signedIn: exactTime(session.createdAt, timeZone),
    current: session.current,
  };
}

/** What the confirmation of signing one session out says. */
export function confirmOneText(session: Pick<SessionView, 'browser' | 'place'>): string {
  return `${session.browser} (${session.place}) is signed out at once and has to sign in again.`;
}
