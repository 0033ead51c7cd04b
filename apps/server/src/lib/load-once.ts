/**
 * A module (or anything) loaded on first use and kept: `await import()` behind one promise, so concurrent first
 * callers share the load, and a failed load is tried again by the next caller rather than remembered. For packages
 * only some requests need, which the server at rest should not hold (docs/decisions/084-memory-at-rest.md).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
