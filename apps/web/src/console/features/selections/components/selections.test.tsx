import type { IntegrationAllowance, IntegrationSelection, IntegrationSelectionChoice, IntegrationSelectionDetail } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onePage, signedInToConsole, visitConsole } from '../../../../test/console';

/** The console's Selections tab and selection page (docs/staff-console.md, Selections) against a stubbed company API. */

const AT = '2026-11-01T15:00:00.000000Z';

const allowance = (id: number, name: string, amount: string, chosen: string, difference: string): IntegrationAllowance => ({
  id,
  project_id: 5,
  name,
  amount,
  chosen,
  difference,
  carried: '0.00',
  outstanding: difference,
  anything_chosen: chosen !== '0.00',
  position: id,
  selection_count: 1,
  created_at: AT,
  updated_at: AT,
});

const ALLOWANCES = [
  allowance(1, 'Kitchen faucet', '400.00', '650.00', '250.00'),
  allowance(2, 'Backsplash tile', '1200.00', '950.00', '-250.00'),
  allowance(3, 'Range hood', '800.00', '0.00', '-800.00'),
];

const selection = (id: number, title: string, patch: Partial<IntegrationSelection>): IntegrationSelection => ({
  id,
  project_id: 5,
  title,
  room: 'Kitchen',
  deadline: '2026-12-15',
  status: 'to_choose',
  can_choose: true,
  allowance: null,
  option_count: 2,
  chosen: null,
  cover: null,
  updated_at: AT,
  position: id,
  locked_at: null,
  created_at: AT,
  ...patch,
});

const SELECTIONS = [
  selection(20, 'Kitchen faucet', {
    status: 'chosen',
    allowance: { id: 1, name: 'Kitchen faucet', amount: '400.00' },
    chosen: { option_id: 32, title: 'Touchless', price: '650.00', chosen_by: 'company' },
  }),
  selection(23, 'Range hood', { allowance: { id: 3, name: 'Range hood', amount: '900.00' } }),
  selection(21, 'Backsplash tile', {
    status: 'chosen',
    allowance: { id: 2, name: 'Backsplash tile', amount: '1200.00' },
    chosen: { option_id: 31, title: 'Subway, white', price: '950.00', chosen_by: 'customer' },
  }),
  selection(22, 'Cabinet hardware', { room: null, status: 'locked', can_choose: false, locked_at: AT }),
];

const option = (id: number, title: string, price: string, everChosen = false) => ({
  id,
  title,
  description: null,
  price,
  lead_time_days: 21,
  supplier_url: null,
  photos: [],
  difference: null,
  position: id,
  ever_chosen: everChosen,
  created_at: AT,
  updated_at: AT,
});

const CHOICE: IntegrationSelectionChoice = {
  id: 7,
  option_id: 31,
  chosen_by: 'customer',
  signer_name: 'Casey Morgan',
  signer_email: 'customer@example.com',
  chosen_at: AT,
  note: null,
  option_title: 'Subway, white',
  option_price: '950.00',
  allowance_amount: '1200.00',
  portal_user_id: 3,
  staff_id: null,
  api_key_id: null,
  ip_address: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (iPhone)',
  replaced_at: null,
  replaced_by: null,
};

const detail = (base: IntegrationSelection, patch: Partial<IntegrationSelectionDetail> = {}): IntegrationSelectionDetail => ({
  ...base,
  allowance: null,
  description: null,
  options: [option(30, 'Handmade zellige', '1800.00'), option(31, 'Subway, white', '950.00', true)],
  choice: null,
  history: [],
  ...patch,
});

const listed = (id: number) => SELECTIONS.find((selection) => selection.id === id)!;
const DETAILS = new Map<number, IntegrationSelectionDetail>([
  [20, detail({ ...listed(20), status: 'to_choose', chosen: null })],
  [21, detail(listed(21), { choice: CHOICE, history: [CHOICE] })],
]);

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function stubApi() {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init.method ?? 'GET';
      const path = url.pathname;
      if (method !== 'GET') sent.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      if (path === '/api/staff/auth/me')
        return Response.json({
          id: 1,
          name: 'Dana Whitfield',
          email: 'dana@acme.example',
          role: 'owner',
          company: { id: 3, name: 'Acme', logo_url: null, color: '#0f766e' },
        });
      if (path === '/api/integration/projects/5') return Response.json({ id: 5, name: 'Kitchen remodel', number: 'AB-1001' });
      if (path === '/api/integration/company') return Response.json({ id: 3, is_portal_selections_enabled: true });
      if (path === '/api/integration/allowances') return Response.json(onePage(ALLOWANCES, 100));
      const allowanceDetail = ALLOWANCES.find((candidate) => path === `/api/integration/allowances/${candidate.id}`);
      if (allowanceDetail) return Response.json({ ...allowanceDetail, change_orders: [] });
      if (path === '/api/integration/selections') return Response.json(onePage(SELECTIONS, 100));
      const one = /^\/api\/integration\/selections\/(\d+)(\/.*)?$/.exec(path);
      const found = one ? DETAILS.get(Number(one[1])) : undefined;
      if (found && method === 'GET' && !one![2]) return Response.json(found);
      if (found && method === 'POST' && one![2] === '/options') return Response.json(option(40, 'Pull-down, chrome', '1250.00'), { status: 201 });
      if (found && method === 'POST' && (one![2] === '/lock' || one![2] === '/reset')) return Response.json(found);
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return sent;
}

signedInToConsole();

describe("the console's selections", () => {
  it('lists the allowances with their money, and the selections by room', async () => {
    stubApi();
    visitConsole('/staff/projects/5/selections');
    const allowances = await screen.findByRole('table', { name: 'Allowances of the project' }, { timeout: 15_000 });
    const faucet = within(allowances).getByRole('row', { name: /Kitchen faucet/ });
    expect(faucet).toHaveTextContent('$400.00');
    expect(faucet).toHaveTextContent('$250.00 over');
    expect(within(faucet).queryByRole('button', { name: 'Carry the credit as a change order' })).toBeNull();
    const tile = within(allowances).getByRole('row', { name: /Backsplash tile/ });
    expect(tile).toHaveTextContent('$250.00 under');
    expect(await within(tile).findByRole('button', { name: 'Carry the credit as a change order' })).toBeInTheDocument();
    // Nothing chosen yet is no credit: there is nothing to carry.
    const hood = within(allowances).getByRole('row', { name: /Range hood/ });
    expect(hood).toHaveTextContent('Nothing chosen yet');
    expect(within(hood).queryByRole('button', { name: 'Carry the credit as a change order' })).toBeNull();

    const kitchen = await screen.findByRole('table', { name: 'Selections: Kitchen' });
    expect(within(kitchen).getByRole('row', { name: /Range hood/ })).toHaveTextContent('To choose');
    expect(within(kitchen).getByRole('row', { name: /Kitchen faucet/ })).toHaveTextContent('Touchless, $650.00 (by the company)');
    expect(within(kitchen).getByRole('row', { name: /Backsplash tile/ })).toHaveTextContent('Subway, white, $950.00');
    expect(within(screen.getByRole('table', { name: 'Selections: Other' })).getByRole('row', { name: /Cabinet hardware/ })).toHaveTextContent('Locked');
    expect(screen.getByRole('link', { name: 'New selection' })).toHaveAttribute('href', '/staff/projects/5/selections/new');
    // The first test loads the console's code: room for that on a slow machine.
  }, 30_000);

  it('adds an option with what the office typed, in the API form', async () => {
    const sent = stubApi();
    visitConsole('/staff/projects/5/selections/20');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an option' }, { timeout: 15_000 }));
    const form = screen.getByRole('form', { name: 'New option' });
    await user.type(within(form).getByLabelText('Title'), 'Pull-down, chrome');
    await user.type(within(form).getByLabelText('Price ($)'), '$1,250');
    await user.type(within(form).getByLabelText('Lead time (days)'), '10');
    await user.type(within(form).getByLabelText('Supplier link'), 'https://faucets.example/chrome');
    await user.click(within(form).getByRole('button', { name: 'Add the option' }));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/integration/selections/20/options',
          body: { title: 'Pull-down, chrome', description: null, price: '1250.00', lead_time_days: 10, supplier_url: 'https://faucets.example/chrome' },
        },
      ]),
    );
  }, 20_000);

  it('locks only once the office confirms', async () => {
    const sent = stubApi();
    visitConsole('/staff/projects/5/selections/20');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lock' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Lock Kitchen faucet?' })).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Lock the selection' }));
    await vi.waitFor(() => expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/integration/selections/20/lock']));
  }, 20_000);

  it("shows the choice's evidence, and resets it only once the office confirms", async () => {
    const sent = stubApi();
    visitConsole('/staff/projects/5/selections/21');
    const choice = await screen.findByRole('region', { name: 'Current choice' }, { timeout: 15_000 });
    expect(choice).toHaveTextContent('Subway, white, $950.00');
    expect(choice).toHaveTextContent('Casey Morgan');
    expect(choice).toHaveTextContent('203.0.113.7');
    expect(choice).toHaveTextContent('Mozilla/5.0 (iPhone)');
    // The option once chosen is the evidence of that choice: it cannot be removed.
    expect(screen.queryByRole('button', { name: 'Remove Subway, white' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset choice' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the choice of Backsplash tile?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset the choice' }));
    await vi.waitFor(() => expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/integration/selections/21/reset']));
  }, 20_000);
});
