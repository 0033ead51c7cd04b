import { afterEach, beforeEach, inject, vi } from 'vitest';

/**
 * The client library runs in Node against the real server: the API URL points at it, and a small
 * in-memory localStorage keeps the sign-in token as a browser would.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

if (!('localStorage' in globalThis) || !globalThis.localStorage) {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
}

vi.stubEnv('VITE_API_URL', inject('apiUrl'));
vi.stubEnv('VITE_API_PATH', '/api');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});
