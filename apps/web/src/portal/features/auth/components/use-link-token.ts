import { useEffect, useState } from 'react';

/**
 * The token of an emailed link, read once and taken out of the address bar, so it is neither kept
 * in the history nor shown over someone's shoulder.
 */
export function useLinkToken(search: Record<string, unknown>): string | undefined {
  const [token] = useState(() => (typeof search.token === 'string' ? search.token : undefined));
  useEffect(() => {
    if (token && typeof window !== 'undefined') {
      const url = new URL(window.location.href);
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
    }
  }, [token]);
  return token;
}
