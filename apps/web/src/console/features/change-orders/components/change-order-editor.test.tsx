import type { IntegrationChangeOrderDetail } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onePage, signedInToConsole, visitConsole } from '../../../../test/console';

/** The console's change order pages (docs/staff-console.md, Change orders) against a stubbed company API. */

const DRAFT: IntegrationChangeOrderDetail = {
  id: 9,
  project_id: 5,
  number: 3,
  version: 1,
  title: 'Skylight over the stairs',
  status: 'draft',
  currency: 'USD',
  subtotal: '1200.00',
  tax: '0.00',
  total: '1200.00',
  schedule_days: 2,
  sent_at: null,
  approval_deadline: null,
  created_at: '2026-11-01T15:00:00.000000Z',
  updated_at: '2026-11-01T15:00:00.000000Z',
  description: null,
  tax_rate: '0',
  items: [{ id: 1, description: 'Skylight, fitted', quantity: '1', unit_price: '1200.00', amount: '1200.00' }],
  files: [],
  invoice_on_approval: false,
  viewed_at: null,
  approval: null,
  decline: null,
  previous_version_id: null,
  invoice_id: null,
  withdrawn_at: null,
  superseded_at: null,
  allowance_id: null,
};

function stubApi(changeOrder: IntegrationChangeOrderDetail = DRAFT) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      requests.push(`${init.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/staff/auth/me')
        return Response.json({
          id: 1,
          name: 'Hana Harbor',
          email: 'owner@harbor.example',
          role: 'owner',
          company: { id: 3, name: 'Harbor Roofing', logo_url: null, color: '#0f766e' },
        });
      if (url.pathname === '/api/integration/projects/5') return Response.json({ id: 5, name: 'Roof replacement', number: 'HR-1001' });
      if (url.pathname === '/api/integration/projects/5/documents') return Response.json(onePage([]));
      if (url.pathname === `/api/integration/change-orders/${changeOrder.id}` && (init.method ?? 'GET') === 'GET') return Response.json(changeOrder);
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return requests;
}

signedInToConsole();

describe("the console's change orders", () => {
  it('adds up as the office types, and a credit reads as a credit', async () => {
    stubApi();
    visitConsole('/staff/projects/5/change-orders/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title', {}, { timeout: 15_000 }), 'Less rot than feared');
    await user.type(screen.getByLabelText('Item 1 Description'), 'Skylight');
    await user.type(screen.getByLabelText('Item 1 Unit price ($)'), '1,200');
    expect(screen.getByTestId('draft-total')).toHaveTextContent('$1,200.00');
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    await user.type(screen.getByLabelText('Item 2 Description'), 'Rafter repair left out');
    await user.type(screen.getByLabelText('Item 2 Unit price ($)'), '-1500');
    expect(screen.getByLabelText('Item 2 amount')).toHaveTextContent('-$1,500.00');
    expect(screen.getByTestId('draft-total')).toHaveTextContent('−$300.00 credit');
    // The first test loads the console's code: room for that on a slow machine.
  }, 30_000);

  it('asks before sending a draft, and sends nothing until the office confirms', async () => {
    const requests = stubApi();
    visitConsole('/staff/projects/5/change-orders/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save and send…' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send CO-3?' });
    expect(within(dialog).getByRole('button', { name: 'Send the change order' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.filter((request) => !request.startsWith('GET'))).toEqual([]);
  }, 20_000);

  it('shows a sent one read-only: no Save, but Withdraw and Revise', async () => {
    // Another id than the draft's: the console's query cache outlives a test.
    stubApi({ ...DRAFT, id: 10, status: 'sent', sent_at: '2026-11-02T15:00:00.000000Z', approval_deadline: '2026-11-30' });
    visitConsole('/staff/projects/5/change-orders/10');
    expect(await screen.findByRole('button', { name: 'Withdraw' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revise' })).toBeInTheDocument();
    expect(screen.getByText('Sent', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  }, 20_000);
});
