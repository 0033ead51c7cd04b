import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authToken } from './auth-token';
import { resetCompanyThemes, THEME_STALE_TIME_MS, useCompanyTheme } from './company-theme';

const acme = { name: 'Acme Builders', color: '#123456', logo_url: null };

/** Answers every theme request with `status` and `body`, and records the requests. */
function serveThemes(status = 200, body: unknown = acme) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('the theme query of the sign-in pages (docs/requirements.md 8.2, 10.4)', () => {
  beforeEach(() => {
    resetCompanyThemes();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('runs only with a theme code', () => {
    const fetchSpy = serveThemes();
    const { result } = renderHook(() => useCompanyTheme(undefined));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(result.current).toEqual({ data: undefined, isError: false, isLoading: false });
  });

  it('reads the theme with an empty bearer header, even when signed in', async () => {
    authToken.set('1.token');
    const fetchSpy = serveThemes();
    const { result } = renderHook(() => useCompanyTheme('acme'));
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual(acme));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/api/themes/acme/company');
    expect((init?.headers as Record<string, string>).Authorization).toBe('');
  });

  it('is fresh for 1000 ms: pages mounting within it share the answer, the next one after it asks again', async () => {
    const fetchSpy = serveThemes();
    const first = renderHook(() => useCompanyTheme('acme'));
    const second = renderHook(() => useCompanyTheme('acme'));
    await waitFor(() => expect(first.result.current.data).toEqual(acme));
    expect(second.result.current.data).toEqual(acme);
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + THEME_STALE_TIME_MS - 1);
    renderHook(() => useCompanyTheme('acme'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + 1);
    const third = renderHook(() => useCompanyTheme('acme'));
    // The last answer shows while the new one loads.
    expect(third.result.current).toEqual({ data: acme, isError: false, isLoading: false });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(THEME_STALE_TIME_MS).toBe(1000);
  });

  it('asks again when the code changes', async () => {
    const fetchSpy = serveThemes();
    const { result, rerender } = renderHook(({ code }) => useCompanyTheme(code), { initialProps: { code: 'acme' } });
    await waitFor(() => expect(result.current.data).toEqual(acme));
    rerender({ code: 'brightside' });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual(acme));
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/api/themes/acme/company', '/api/themes/brightside/company']);
  });

  it('reports a failure and does not retry it', async () => {
    const fetchSpy = serveThemes(404, { message: 'Not found.' });
    const { result } = renderHook(() => useCompanyTheme('nobody'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
