import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onePage, signedInToConsole, visitConsole } from '../../../../test/console';

/**
 * The console shows a project's money as its customers see it (docs/decisions/112-the-consoles-project-money.md):
 * the sent invoices' total and balance, even when the company's own two figures are empty.
 */

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
      if (url.pathname === '/api/integration/projects') return Response.json(onePage([PROJECT]));
      if (url.pathname === '/api/integration/projects/4') return Response.json(PROJECT);
      if (['/api/integration/site-types', '/api/integration/staff', '/api/integration/project-statuses'].includes(url.pathname))
        return Response.json(onePage([]));
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
}

signedInToConsole();
beforeEach(() => stubApi());

describe("a project's money in the console", () => {
  it('is the balance the customer sees in the projects list', async () => {
    visitConsole('/staff/projects');
    const table = await screen.findByRole('table', { name: /^Projects, sorted by/ }, { timeout: 5_000 });
    const row = within(table).getByRole('row', { name: /Roof replacement/ });
    expect(within(row).getByRole('cell', { name: '$6,831.15' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: /^Projects, sorted by/ });
    expect(within(cards).getByText('Balance $6,831.15')).toBeInTheDocument();
    // The first test loads the console's code: room for that on a slow machine.
  }, 20_000);

  it('is the total and balance the customer sees on the overview, with the own figures beside them', async () => {
    visitConsole('/staff/projects/4');
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
