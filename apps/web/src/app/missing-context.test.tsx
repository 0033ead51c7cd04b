import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCompanyThemes } from '../lib/company-theme';
import { emptyPage } from '../test/fixtures';
import { visitPortal } from '../test/portal';

const ACME = { name: 'Acme Builders', color: '#c2410c', logo_url: null };

/** The API as the pages meet it: every call recorded, the theme answered, any list empty. */
function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/themes/acme/company') return Response.json(ACME);
      if (url.pathname === '/api/entities' || url.pathname === '/api/contact/companies') return Response.json(emptyPage);
      return Response.json({ message: 'The entity parameter is not valid.' }, { status: 400 });
    }),
  );
  return calls;
}

beforeEach(() => {
  // The router restores the scroll position, which jsdom does not implement.
  vi.stubGlobal('scrollTo', () => undefined);
  localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
  resetCompanyThemes();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a page whose entity or company_id is "null", "undefined" or empty', () => {
  it.each([
    ['/notes', 'entity=null', 'Pick a project first'],
    ['/photos', 'entity=undefined', 'Pick a project first'],
    ['/invoices', 'entity=&company_id=null', 'Pick a project first'],
    ['/documents', 'company_id=undefined&entity=null', 'Pick a project first'],
    ['/', 'entity=null&company_id=', 'No projects yet'],
    ['/contact', 'entity=undefined', 'Contact'],
  ])('%s?%s asks for a project, calls the API with neither, and keeps the theme', async (path, query, heading) => {
    const calls = stubApi();
    const router = await visitPortal(`${path}?${query}&theme=acme`);
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 5000 })).toBeVisible();
    expect(calls.filter((call) => /null|undefined|\/(entities|companies)\/(\?|$)|entity=(&|$)/.test(call))).toEqual([]);
    expect(router.state.location.pathname).toBe(path);
    expect(new URLSearchParams(router.state.location.searchStr).get('theme')).toBe('acme');
  });
});
