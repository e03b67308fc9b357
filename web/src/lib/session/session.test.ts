import { describe, expect, it } from 'vitest';
import { answerOf, REFUSED, sessionData, USER } from '../../test/session';
import {
  clearStoredSession,
  initials,
  isExpired,
  jwtExpiry,
  parseSession,
  readStoredSession,
  refreshDelayMs,
  SESSION_STORAGE_KEY,
  sessionFromAnswer,
  startupStep,
  writeStoredSession,
} from './session';

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);
const NOW_S = NOW / 1000;

function jwt(claims: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('token expiry', () => {
  it('tells an expired token from a live one', () => {
    expect(isExpired(NOW_S - 1, NOW)).toBe(true);
    expect(isExpired(NOW_S, NOW)).toBe(true);
    expect(isExpired(NOW_S + 1, NOW)).toBe(false);
    expect(isExpired(null, NOW)).toBe(false);
  });

  it('renews 60 seconds before the access token expires', () => {
    expect(refreshDelayMs(NOW_S + 900, NOW)).toBe(840_000);
    expect(refreshDelayMs(NOW_S + 200, NOW)).toBe(140_000);
    expect(refreshDelayMs(NOW_S + 120, NOW)).toBe(60_000);
  });

  it('renews a short-lived token halfway, so it is not renewed in a loop', () => {
    expect(refreshDelayMs(NOW_S + 60, NOW)).toBe(30_000);
    expect(refreshDelayMs(NOW_S + 10, NOW)).toBe(5_000);
  });

  it('renews an expired token at once', () => {
    expect(refreshDelayMs(NOW_S, NOW)).toBe(0);
    expect(refreshDelayMs(NOW_S - 3600, NOW)).toBe(0);
  });

  it('never waits longer than setTimeout can', () => {
    expect(refreshDelayMs(NOW_S + 365 * 24 * 3600, NOW)).toBe(2 ** 31 - 1);
  });

  it('reads the exp claim of a JWT', () => {
    expect(jwtExpiry(jwt({ sub: 'x', exp: 1795313314 }))).toBe(1795313314);
    expect(jwtExpiry(jwt({ sub: 'ü?>~', exp: 42 }))).toBe(42);
    expect(jwtExpiry(jwt({ sub: 'x' }))).toBeNull();
    expect(jwtExpiry('not a token')).toBeNull();
    expect(jwtExpiry('a.%%%.c')).toBeNull();
  });
});

describe('start-up check', () => {
  it('verifies a live access token', () => {
    expect(startupStep(sessionData({}, NOW, 10), NOW)).toBe('verify');
  });

  it('renews an expired access token while the refresh token lives', () => {
    expect(startupStep(sessionData({}, NOW, -10), NOW)).toBe('refresh');
    expect(startupStep(sessionData({ rtExpires: null }, NOW, -10), NOW)).toBe('refresh');
  });

  it('has no session without a stored one or when both tokens expired', () => {
    expect(startupStep(null, NOW)).toBe('none');
    expect(startupStep(sessionData({ rtExpires: NOW_S - 1 }, NOW, -10), NOW)).toBe('none');
  });
});

describe('session from a login answer', () => {
  it('takes tokens, expiries, user and lowercased permissions', () => {
    const session = sessionData({ permissions: [{ resource: 'Users', action: 'ALLOW' }] }, NOW);
    expect(sessionFromAnswer(answerOf(session))).toEqual({
      ...session,
      permissions: [{ resource: 'users', action: 'allow' }],
    });
  });

  it('has none when the server refused', () => {
    expect(sessionFromAnswer(REFUSED)).toBeNull();
    expect(sessionFromAnswer({ ...answerOf(sessionData()), accessToken: null })).toBeNull();
  });

  it("falls back on the token's exp when the answer has no expiry", () => {
    const accessToken = jwt({ exp: NOW_S + 300 });
    expect(sessionFromAnswer({ ...answerOf(sessionData()), accessToken, atExpires: null })?.atExpires).toBe(NOW_S + 300);
    expect(sessionFromAnswer({ ...answerOf(sessionData()), atExpires: null })).toBeNull();
  });
});

describe('stored session', () => {
  it('is written to and read back from local storage', () => {
    const session = sessionData({}, NOW);
    writeStoredSession(localStorage, session);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(session);
    expect(readStoredSession(localStorage)).toEqual(session);
    clearStoredSession(localStorage);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(readStoredSession(localStorage)).toBeNull();
  });

  it('is ignored when unreadable or incomplete', () => {
    expect(parseSession('{')).toBeNull();
    expect(parseSession('null')).toBeNull();
    expect(parseSession('[]')).toBeNull();
    const { accessToken: _, ...withoutToken } = sessionData();
    expect(parseSession(JSON.stringify(withoutToken))).toBeNull();
    expect(parseSession(JSON.stringify({ ...sessionData(), user: { email: 'x' } }))).toBeNull();
    expect(parseSession(JSON.stringify({ ...sessionData(), permissions: [{ resource: 1 }] }))).toBeNull();
    expect(parseSession(JSON.stringify({ ...sessionData(), atExpires: '123' }))).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, 'garbage');
    expect(readStoredSession(localStorage)).toBeNull();
  });
});

describe('initials', () => {
  it('takes the first letters of first and last name, or of the e-mail', () => {
    expect(initials(USER)).toBe('AR');
    expect(initials({ firstName: 'élodie', lastName: '', email: 'x@y.it' })).toBe('É');
    expect(initials({ firstName: ' ', lastName: '', email: 'mario@example.com' })).toBe('M');
  });
});
