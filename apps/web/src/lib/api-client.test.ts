import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onUnauthorized, type ApiRequestError } from './api-client';
import { authToken } from './auth-token';

/** Answers every request with 401 once `release` is called, as an expired session does. */
function expiredSession() {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return Response.json({ message: 'Unauthenticated.' }, { status: 401 });
    }),
  );
  return release;
}

let signOuts: string[];
beforeEach(() => {
  signOuts = [];
  // What the app does with a 401 (app.tsx): the token goes, and the user is told why.
  onUnauthorized((error: ApiRequestError) => {
    authToken.remove();
    signOuts.push(error.message);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a 401 while signed in', () => {
  it('signs out once, with the server message, however many requests were on their way', async () => {
    authToken.set('expired');
    const release = expiredSession();
    const requests = ['/notes', '/notes/read', '/entities/1'].map((path) => apiRequest(path).catch((error: unknown) => error));
    release();
    const errors = await Promise.all(requests);
    expect(errors.map((error) => (error as ApiRequestError).status)).toEqual([401, 401, 401]);
    expect(signOuts).toEqual(['Unauthenticated.']);
  });

  it('does not sign out a session that started after the request went out', async () => {
    authToken.set('old');
    const release = expiredSession();
    const request = apiRequest('/entities/1').catch(() => undefined);
    authToken.set('new');
    release();
    await request;
    expect(signOuts).toEqual([]);
    expect(authToken.get()).toBe('new');
  });
});
