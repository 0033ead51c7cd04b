import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled by the browser; the user then simply stays signed out.
    return null;
  }
}

/** docs/requirements.md 4.1 and 5.1: the sign-in token lives in localStorage under cc_portal_token. */
export const authToken = {
  get(): string | null {
    return storage()?.getItem(TOKEN_STORAGE_KEY) || null;
  },
  set(token: string) {
    storage()?.setItem(TOKEN_STORAGE_KEY, token);
    listeners.forEach((listener) => listener(token));
  },
  remove() {
    storage()?.removeItem(TOKEN_STORAGE_KEY);
    listeners.forEach((listener) => listener(null));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
