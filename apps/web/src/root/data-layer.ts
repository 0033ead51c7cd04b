import type { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in pages' data layer (TanStack Query and the client of lib/query-client.ts), loaded
 * with the first of them rather than with the sign-in page (decision 024). The portal layouts'
 * loader waits for it and hands the client to the layout.
 */
export interface DataLayer {
  /** The query client, created once, on first use. */
  load(): Promise<QueryClient>;
  /** docs/requirements.md 5.2 and 9: forgets every cached answer (sign-out, a 401); nothing to do before the first load. */
  clear(): void;
}

export function createDataLayer(): DataLayer {
  let client: QueryClient | null = null;
  let loading: Promise<QueryClient> | null = null;
  return {
    load: () => (loading ??= import('../lib/query-client').then(({ createQueryClient }) => (client = createQueryClient()))),
    clear: () => client?.clear(),
  };
}
