import type { CompanyTheme } from '@portal/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from './api-client';

/** docs/requirements.md 8.2 and 10.4: the theme query runs only with a code, sends an empty bearer header, stale time 1 s. */
export const THEME_STALE_TIME_MS = 1000;

/** `GET /themes/{code}/company`, anonymous: an empty Authorization header even when signed in. */
export const fetchCompanyTheme = (code: string, signal?: AbortSignal) =>
  apiRequest<CompanyTheme>(`/themes/${encodeURIComponent(code)}/company`, { anonymous: true, signal });

interface ThemeEntry {
  data?: CompanyTheme;
  error?: unknown;
  /** When the last answer (or failure) arrived; 0 while the first one is on its way. */
  at: number;
  loading: boolean;
}

/**
 * The theme lookup is the one query of the sign-in pages, so it is a small cache of its own rather
 * than TanStack Query, which only the signed-in pages load (decision 024). Same rules as a query
 * with staleTime 1 s and retry false: one request per code at a time, the answer shared by every
 * page that asks within the second, asked again by the next page to mount after that; a failure
 * is not retried, and the last good answer stays while a new one loads.
 */
const entries = new Map<string, ThemeEntry>();
const listeners = new Set<() => void>();

function update(code: string, entry: ThemeEntry) {
  entries.set(code, entry);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Asks the server unless an answer is on its way or younger than the stale time. */
export function loadCompanyTheme(code: string, now = Date.now()): void {
  const entry = entries.get(code);
  if (entry && (entry.loading || now - entry.at < THEME_STALE_TIME_MS)) return;
  update(code, { ...entry, at: entry?.at ?? 0, loading: true });
  fetchCompanyTheme(code).then(
    (data) => update(code, { data, at: Date.now(), loading: false }),
    (error: unknown) => update(code, { data: entries.get(code)?.data, error, at: Date.now(), loading: false }),
  );
}

/** For tests: forget every theme. */
export function resetCompanyThemes() {
  entries.clear();
}

export interface CompanyThemeState {
  data: CompanyTheme | undefined;
  isError: boolean;
  isLoading: boolean;
}

export function useCompanyTheme(code: string | undefined): CompanyThemeState {
  const snapshot = () => (code ? entries.get(code) : undefined);
  // The same on the server: the build draws the sign-in page with no theme asked for yet (decision 105).
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (code) loadCompanyTheme(code);
  }, [code]);
  return { data: entry?.data, isError: entry?.error !== undefined, isLoading: Boolean(entry?.loading && !entry.data) };
}
