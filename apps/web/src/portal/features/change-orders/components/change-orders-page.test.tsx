import { CHANGE_ORDER_CONSENT_TEXT, CHANGE_ORDER_MESSAGES } from '@portal/contract/change-order-constants';
import type { ChangeOrder, ChangeOrderDetail } from '@portal/contract';
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

const SKYLIGHT: ChangeOrder = {
  id: 3,
  project_id: 11,
  number: 7,
  version: 2,
  title: 'Add a skylight',
  status: 'sent',
  currency: 'USD',
  subtotal: '1800.00',
  tax: '148.50',
  total: '1948.50',
  schedule_days: 3,
  sent_at: '2026-11-20T15:00:00.000Z',
  approval_deadline: '2026-11-30',
  created_at: '2026-11-19T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
};
const CREDIT: ChangeOrder = {
  ...SKYLIGHT,
  id: 4,
  number: 8,
  version: 1,
  title: 'Keep the old gutters',
  status: 'approved',
  subtotal: '-120.00',
  tax: '0.00',
  total: '-120.00',
  schedule_days: 0,
  approval_deadline: null,
};
const SKYLIGHT_DETAIL: ChangeOrderDetail = {
  ...SKYLIGHT,
  description: 'The owner asked for a skylight over the stairs.',
  tax_rate: '8.25',
  items: [{ id: 31, description: 'Skylight, 2 × 4 ft, installed', quantity: '1', unit_price: '1800.00', amount: '1800.00' }],
  files: [],
  invoice_on_approval: true,
  invoice_id: null,
  viewed_at: null,
  approval: null,
  decline: null,
};

/** The portal API with one project of `company`; `more` answers the change order routes. */
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

describe('the change orders page', () => {
  it('lists each change order with its number, status, amount (a credit as a credit), schedule and deadline', async () => {
    stubApi(COMPANY, ({ url }) =>
      url.pathname === '/api/entities/7/change-orders' ? Response.json({ ...emptyPage, data: [SKYLIGHT, CREDIT], total: 2, from: 1, to: 2 }) : undefined,
    );
    visitPortal('/change-orders?entity=7');
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const [, skylight, credit] = within(table).getAllByRole('row');
    expect(within(skylight!).getByRole('link', { name: 'CO-7 v2' })).toBeVisible();
    for (const text of ['Add a skylight', 'Awaiting your approval', '$1,948.50', '+3 days', 'Nov 30, 2026'])
      expect(within(skylight!).getByText(text)).toBeVisible();
    for (const text of ['CO-8', 'Approved', '−$120.00 credit', 'No change', 'No deadline']) expect(within(credit!).getByText(text)).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Portal areas' })).getByRole('link', { name: 'Change orders' })).toBeVisible();
  });

  it('shows the area-off page, and no link, where the company does not share change orders', async () => {
    stubApi({ ...COMPANY, is_portal_change_orders_enabled: false });
    visitPortal('/change-orders?entity=7');
    expect(await screen.findByRole('heading', { name: 'Change orders are not available' }, { timeout: 10_000 })).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Portal areas' })).queryByRole('link', { name: 'Change orders' })).toBeNull();
  });

  it('approves only with the name and the box, sends one request for a double tap, and shows the refusal as the server words it', async () => {
    const approvals: unknown[] = [];
    stubApi(COMPANY, ({ url, method, body }) => {
      if (url.pathname === '/api/entities/7/change-orders/3' && method === 'GET') return Response.json(SKYLIGHT_DETAIL);
      if (url.pathname === '/api/entities/7/change-orders/3/approve' && method === 'POST') {
        approvals.push(body);
        // A slow server: the second tap arrives while the first is out.
        return new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json({ message: CHANGE_ORDER_MESSAGES.withdrawn }, { status: 409 })), 50));
      }
      return undefined;
    });
    visitPortal('/change-orders?entity=7&change_order=3');
    const user = userEvent.setup();
    const approve = await screen.findByRole('button', { name: 'Approve and sign' }, { timeout: 10_000 });
    expect(screen.getByText('Skylight, 2 × 4 ft, installed', { selector: 'td' })).toBeVisible();

    await user.click(approve);
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(expect.stringContaining('Type your full name to sign.'));
    await user.type(screen.getByLabelText('Full name'), 'Ann Smith');
    await user.click(approve);
    expect(screen.getByRole('checkbox', { name: CHANGE_ORDER_CONSENT_TEXT })).toHaveAccessibleDescription('Tick the box to agree to sign electronically.');
    expect(approvals).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: CHANGE_ORDER_CONSENT_TEXT }));
    await user.dblClick(approve);
    expect(await screen.findByText(CHANGE_ORDER_MESSAGES.withdrawn)).toBeVisible();
    expect(approvals).toEqual([{ signer_name: 'Ann Smith', consent: true }]);
  });
});
