import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataLayer } from '../../../app/data-layer';
import { createStaffRouter } from '../../../app/staff-router';

/**
 * The console shows a project's money as its customers see it (docs/decisions/112-the-consoles-project-money.md):
 * the sent invoices' total and balance, even when the company's own two figures are empty.
 */

const page = (data: unknown[]) => ({
  data,
  current_page: 1,
  from: data.length ? 1 : null,
  to: data.length || null,
  last_page: 1,
  per_page: 25,
  total: data.length,
  path: '',
  first_page_url: '',
  last_page_url: '',
  next_page_url: null,
  prev_page_url: null,
  links: [],
});
const PROJECT = {
  id: 4,
  company_id: 3,
  account_id: 8,
  status_id: null,
  site_type_id: null,
  rep_primary_id: null,
  number: 'HR-12',
  name: 'Roof replacement',
  address_street: null,
  address_city: null,
  address_state: null,
  address_zip: null,
  address_description: null,
  address_latitude: null,
  address_longitude: null,
  // The company invoices through the portal and never filled in its own figures.
  financials_total_amount: null,
  financials_balance_amount: null,
  portal_total_amount: '9331.15',
  portal_balance_amount: '6831.15',
  created_at: '2026-11-01T15:00:00.000000Z',
  updated_at: '2026-11-24T15:00:00.000000Z',
  account: null,
  status: null,
  cover_photo: null,
  last_activity_at: '2026-11-24T15:00:00.000000Z',
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/api/staff/auth/me')
        return Response.json({
          id: 7,
          name: 'Hana Harbor',
          email: 'hana@harbor.example',
          role: 'owner',
          company: { id: 3, name: 'Harbor Roofing', logo_url: null, color: '#0f766e' },
        });
      if (url.pathname === '/api/integration/projects') return Response.json(page([PROJECT]));
      if (url.pathname === '/api/integration/projects/4') return Response.json(PROJECT);
      if (['/api/integration/site-types', '/api/integration/staff', '/api/integration/project-statuses'].includes(url.pathname)) return Response.json(page([]));
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
}

function visit(href: string) {
  const router = createStaffRouter(createDataLayer());
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [href] }) });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined);
  window.localStorage.setItem(STAFF_TOKEN_STORAGE_KEY, '1.staff-token');
  stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("a project's money in the console", () => {
  it('is the balance the customer sees in the projects list', async () => {
    visit('/staff/projects');
    const table = await screen.findByRole('table', { name: /^Projects, sorted by/ }, { timeout: 5_000 });
    const row = within(table).getByRole('row', { name: /Roof replacement/ });
    expect(within(row).getByRole('cell', { name: '$6,831.15' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: /^Projects, sorted by/ });
    expect(within(cards).getByText('Balance $6,831.15')).toBeInTheDocument();
  });

  it('is the total and balance the customer sees on the overview, with the own figures beside them', async () => {
    visit('/staff/projects/4');
    const details = await screen.findByRole('region', { name: 'Details' }, { timeout: 5_000 });
    const total = within(details).getByText('Total');
    expect(total.nextElementSibling).toHaveTextContent(/^\$9,331\.15$/);
    const balance = within(details).getByText('Balance');
    expect(balance.nextElementSibling).toHaveTextContent(/^\$6,831\.15/);
    expect(balance.nextElementSibling).toHaveTextContent(
      'From the sent invoices, as the customers see it. The project’s own figures (Edit details) are not set.',
    );
  });
});
