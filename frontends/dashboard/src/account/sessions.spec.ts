import type { AccountSessionView } from '@fxrates/domain';
import { confirmOneText, SESSIONS_API, sessionView, timeAgo } from './sessions';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const SESSION: AccountSessionView = {
  id: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a',
  browser: 'Chrome 131 on macOS',
  place: 'London, United Kingdom',
  network: '81.2.69.0/24',
  createdAt: '2026-11-20T08:15:00.000Z',
  lastUsedAt: '2026-11-29T11:55:00.000Z',
  current: false,
};

describe('the sessions list', () => {
  it('shows a session with its browser, place, when it was last used and, as a title, exactly when', () => {
    expect(sessionView(SESSION, NOW, 'UTC')).toEqual({
      id: SESSION.id,
      browser: 'Chrome 131 on macOS',
      place: 'London, United Kingdom',
      lastUsed: '5 minutes ago',
      lastUsedExact: 'November 29, 2026, 11:55 UTC',
      signedIn: 'November 20, 2026, 08:15 UTC',
      current: false,
    });
  });

  it('shows the network when the place is not known, and says so when neither is', () => {
    expect(sessionView({ ...SESSION, place: null }, NOW).place).toBe('81.2.69.0/24');
    expect(sessionView({ ...SESSION, place: null, network: null }, NOW).place).toBe('Unknown location');
  });

  it.each([
    ['2026-11-29T11:59:30.000Z', 'just now'],
    ['2026-11-29T12:00:05.000Z', 'just now'],
    ['2026-11-29T11:59:00.000Z', '1 minute ago'],
    ['2026-11-29T09:30:00.000Z', '2 hours ago'],
    ['2026-11-28T11:00:00.000Z', 'yesterday'],
    ['2026-11-25T12:00:00.000Z', '4 days ago'],
  ])('says %s was %s', (iso, expected) => {
    expect(timeAgo(iso, NOW)).toBe(expected);
  });

  it('names the session it is about to sign out, and calls the API by id, escaped', () => {
    expect(confirmOneText(sessionView(SESSION, NOW))).toBe(
      'Chrome 131 on macOS (London, United Kingdom) is signed out at once and has to sign in again.',
    );
    expect(SESSIONS_API.signOut('a/b')).toBe('/account/sessions/a%2Fb');
  });
});
