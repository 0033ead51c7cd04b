import { STAFF_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { previewSession } from './preview';

type Listener = (token: string | null) => void;
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled by the browser; the user then simply stays signed out.
    return null;
  }
}

/** A token kept in localStorage under `key`, with listeners told of every change. */
function tokenStore(key: string) {
  const listeners = new Set<Listener>();
  return {
    get(): string | null {
      return storage()?.getItem(key) || null;
    },
    set(token: string) {
      storage()?.setItem(key, token);
      listeners.forEach((listener) => listener(token));
    },
    remove() {
      storage()?.removeItem(key);
      listeners.forEach((listener) => listener(null));
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const portalToken = tokenStore(TOKEN_STORAGE_KEY);

/**
 * docs/requirements.md 4.1 and 5.1: the sign-in token lives in localStorage under cc_portal_token. A tab the console
 * opened for a preview (lib/preview.ts) uses the preview's token instead, and signing out there ends the preview only.
 */
export const authToken = {
  get: (): string | null => previewSession.get()?.token ?? portalToken.get(),
  set: portalToken.set,
  remove() {
    if (previewSession.get() === null) return portalToken.remove();
    previewSession.end();
  },
  subscribe: portalToken.subscribe,
};

/** The staff console's token (docs/staff-console.md), apart from the portal's. */
export const staffToken = tokenStore(STAFF_TOKEN_STORAGE_KEY);
