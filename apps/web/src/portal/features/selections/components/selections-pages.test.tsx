import { SELECTION_CONSENT_TEXT, SELECTION_MESSAGES } from '@portal/contract/selection-constants';
import type { Selection, SelectionDetail, SelectionsOverview } from '@portal/contract';
import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyPage } from '../../../../test/fixtures';
import { portalPageTests, stubPortalApi, visitPortal, type StubbedRequest } from '../../../../test/portal';

const USER = { id: 1, email: 'casey@example.com', first_name: 'Casey', last_name: 'Morgan' };
const COMPANY = {
  id: 3,
  name: 'Harbor Roofing',
  color: '#0f766e',
  logo_url: null,
  time_zone: 'America/New_York',
  is_portal_album_sharing_enabled: true,
  is_portal_file_sharing_enabled: true,
  is_portal_invoicing_enabled: true,
  is_portal_project_calendar_enabled: true,
  is_portal_project_info_enabled: true,
  is_portal_project_notes_enabled: true,
  is_portal_proposals_enabled: true,
  is_portal_change_orders_enabled: true,
  is_portal_selections_enabled: true,
  is_portal_user_profile_pics_enabled: true,
};
const entity = (company: typeof COMPANY) => ({
  id: 7,
  company_id: company.id,
  model_type: 'project',
  model_id: 11,
  portal_user_id: USER.id,
  scope: null,
  model: { id: 11, name: 'Kitchen remodel', number: 'ACM-1042', address_street: '12 Harbor Way' },
  company,
});

const selection = (id: number, title: string, room: string | null, deadline: string | null, more: Partial<Selection> = {}): Selection => ({
  id,
  project_id: 11,
  title,
  room,
  deadline,
  status: 'to_choose',
  can_choose: true,
  allowance: null,
  option_count: 2,
  chosen: null,
  cover: null,
  updated_at: '2026-11-20T15:00:00.000Z',
  ...more,
});

// As the server sends them: soonest deadline first, none last.
const OVERVIEW: SelectionsOverview = {
  allowances: [
    { id: 1, name: 'Kitchen faucet', amount: '400.00', chosen: '650.00', difference: '250.00', anything_chosen: true },
    { id: 2, name: 'Backsplash tile', amount: '1200.00', chosen: '950.00', difference: '-250.00', anything_chosen: true },
  ],
  totals: { amount: '1600.00', chosen: '1600.00', difference: '0.00' },
  selections: [
    selection(21, 'Kitchen faucet', 'Kitchen', '2026-12-04', {
      status: 'chosen',
      allowance: { id: 1, name: 'Kitchen faucet', amount: '400.00' },
      chosen: { option_id: 13, title: 'Touchless with filtered water', price: '650.00', chosen_by: 'customer' },
    }),
    selection(22, 'Vanity', 'Bathroom', '2026-12-10'),
    selection(23, 'Backsplash tile', 'Kitchen', '2026-12-20', { status: 'locked', can_choose: false }),
    selection(24, 'Door handles', null, null),
  ],
};

const FAUCET: SelectionDetail = {
  ...selection(21, 'Kitchen faucet', 'Kitchen', '2026-12-04', { allowance: { id: 1, name: 'Kitchen faucet', amount: '400.00' }, option_count: 3 }),
  description: 'The faucet over the new sink.',
  choice: null,
  options: [
    { id: 11, title: 'Brushed nickel pull-down', description: null, price: '320.00', lead_time_days: 5, supplier_url: null, photos: [], difference: '-80.00' },
    {
      id: 12,
      title: 'Matte black pull-down',
      description: null,
      price: '400.00',
      lead_time_days: null,
      supplier_url: 'https://supplier.example/matte-black',
      photos: [],
      difference: '0.00',
    },
    {
      id: 13,
      title: 'Touchless with filtered water',
      description: null,
      price: '650.00',
      lead_time_days: 21,
      supplier_url: null,
      photos: [],
      difference: '250.00',
    },
  ],
};

/** The portal API with one project of `company`; `more` answers the selection routes. */
function stubApi(company: typeof COMPANY, more: (request: StubbedRequest) => Response | Promise<Response> | undefined = () => undefined) {
  stubPortalApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/auth/me') return Response.json(USER);
    if (path === '/api/entities/7') return Response.json(entity(company));
    if (path === '/api/entities') return Response.json({ ...emptyPage, data: [entity(company)], total: 1, from: 1, to: 1 });
    return more(request);
  });
}

portalPageTests();
beforeEach(() => localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token'));

describe('the selections page', () => {
  it('shows each allowance against what is chosen, then the selections by room, soonest deadline first', async () => {
    stubApi(COMPANY, ({ url }) => (url.pathname === '/api/entities/7/selections' ? Response.json(OVERVIEW) : undefined));
    visitPortal('/selections?entity=7');
    const allowances = await screen.findByRole('table', { name: 'Allowances against what is chosen' }, { timeout: 10_000 });
    const rows = within(allowances)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Kitchen faucet', '$400.00', '$650.00', '$250.00 over'],
      ['Backsplash tile', '$1,200.00', '$950.00', '$250.00 under'],
      ['Total', '$1,600.00', '$1,600.00', 'On budget'],
    ]);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Allowances', 'Kitchen', 'Bathroom', 'Other']);
    const kitchen = screen.getByRole('list', { name: 'Kitchen' });
    expect(
      within(kitchen)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Kitchen faucet', 'Backsplash tile']);

    const [faucet, tile] = within(kitchen).getAllByRole('listitem');
    expect(within(faucet!).getByText('Chosen', { selector: 'span' })).toBeVisible();
    expect(within(faucet!).getByText('Choose by Dec 4, 2026')).toBeVisible();
    expect(faucet).toHaveTextContent('Chosen: Touchless with filtered water · $650.00');
    expect(within(tile!).getByText('Locked')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Other' })).getByText('No deadline')).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Portal areas' })).getByRole('link', { name: 'Selections' })).toBeVisible();
  });

  it('says so when there is nothing to choose yet', async () => {
    stubApi(COMPANY, ({ url }) =>
      url.pathname === '/api/entities/7/selections'
        ? Response.json({ allowances: [], totals: { amount: '0.00', chosen: '0.00', difference: '0.00' }, selections: [] })
        : undefined,
    );
    visitPortal('/selections?entity=7');
    expect(await screen.findByRole('heading', { name: 'No selections yet' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the area-off page, and no link, where the company does not share selections', async () => {
    stubApi({ ...COMPANY, is_portal_selections_enabled: false });
    visitPortal('/selections?entity=7');
    expect(await screen.findByRole('heading', { name: 'Selections are not available' }, { timeout: 10_000 })).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Portal areas' })).queryByRole('link', { name: 'Selections' })).toBeNull();
  });
});

describe('a selection', () => {
  it('compares the options against the allowance, and chooses the picked one with the typed name and the box', async () => {
    const choices: unknown[] = [];
    stubApi(COMPANY, ({ url, method, body }) => {
      if (url.pathname === '/api/entities/7/selections/21' && method === 'GET') return Response.json(FAUCET);
      if (url.pathname === '/api/entities/7/selections/21/choose' && method === 'POST') {
        choices.push(body);
        return Response.json({
          ...FAUCET,
          status: 'chosen',
          chosen: { option_id: 12, title: 'Matte black pull-down', price: '400.00', chosen_by: 'customer' },
          choice: {
            option_id: 12,
            chosen_by: 'customer',
            signer_name: 'Ann Smith',
            signer_email: USER.email,
            chosen_at: '2026-11-21T15:00:00.000Z',
            note: null,
          },
        } satisfies SelectionDetail);
      }
      return undefined;
    });
    visitPortal('/selections/21?entity=7');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen faucet' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('Allowance', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Kitchen faucet, $400.00');
    const nickel = screen.getByRole('listitem', { name: 'Brushed nickel pull-down' });
    expect(within(nickel).getByText('$80.00 under the allowance')).toBeVisible();
    expect(within(nickel).getByText('5 days')).toBeVisible();
    expect(within(screen.getByRole('listitem', { name: 'Touchless with filtered water' })).getByText('$250.00 over the allowance')).toBeVisible();
    const supplier = within(screen.getByRole('listitem', { name: 'Matte black pull-down' })).getByRole('link', { name: /See it at the supplier/ });
    expect(supplier).toHaveAttribute('target', '_blank');
    expect(supplier).toHaveAttribute('rel', 'noopener');

    expect(screen.queryByRole('button', { name: 'Choose and sign' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Choose this option: Matte black pull-down' }));
    await user.type(screen.getByLabelText('Full name'), 'Ann Smith');
    await user.click(screen.getByRole('checkbox', { name: SELECTION_CONSENT_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Choose and sign' }));

    expect(await screen.findByText(/Chosen by you on Nov 21, 2026/)).toBeVisible();
    expect(choices).toEqual([{ option_id: 12, signer_name: 'Ann Smith', consent: true }]);
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change my choice' }));
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('replaces the form with the reason when the server refuses the choice: locked meanwhile', async () => {
    let locked = false;
    stubApi(COMPANY, ({ url, method }) => {
      if (url.pathname === '/api/entities/7/selections/21' && method === 'GET')
        return Response.json(locked ? { ...FAUCET, status: 'locked', can_choose: false } : FAUCET);
      if (url.pathname === '/api/entities/7/selections/21/choose' && method === 'POST') {
        locked = true;
        return Response.json({ message: SELECTION_MESSAGES.locked }, { status: 409 });
      }
      return undefined;
    });
    visitPortal('/selections/21?entity=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Choose this option: Brushed nickel pull-down' }, { timeout: 10_000 }));
    await user.type(screen.getByLabelText('Full name'), 'Ann Smith');
    await user.click(screen.getByRole('checkbox', { name: SELECTION_CONSENT_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Choose and sign' }));

    expect(await screen.findByText(SELECTION_MESSAGES.locked)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Choose and sign' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(await screen.findByText('Locked')).toBeVisible();
  });

  it('past its deadline shows what the company chose and why it can no longer change, with no form', async () => {
    stubApi(COMPANY, ({ url }) =>
      url.pathname === '/api/entities/7/selections/21'
        ? Response.json({
            ...FAUCET,
            status: 'chosen',
            can_choose: false,
            choice: { option_id: 11, chosen_by: 'company', signer_name: 'Pat Office', signer_email: null, chosen_at: '2026-12-05T15:00:00.000Z', note: null },
          } satisfies SelectionDetail)
        : undefined,
    );
    visitPortal('/selections/21?entity=7');
    expect(await screen.findByText(SELECTION_MESSAGES.pastDeadline('2026-12-04'), {}, { timeout: 10_000 })).toBeVisible();
    expect(within(screen.getByRole('listitem', { name: 'Brushed nickel pull-down' })).getByText(/Chosen for you by the company/)).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change my choice' })).toBeNull();
  });
});
