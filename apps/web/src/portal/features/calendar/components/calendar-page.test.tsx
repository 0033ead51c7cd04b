import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPage } from '../../../../test/fixtures';
import { visitPortal } from '../../../../test/portal';

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
  is_portal_user_profile_pics_enabled: true,
};
const ENTITY = {
  id: 7,
  company_id: COMPANY.id,
  model_type: 'project',
  model_id: 11,
  portal_user_id: USER.id,
  scope: null,
  model: { id: 11, name: 'Kitchen remodel', number: 'ACM-1042', address_street: '12 Harbor Way' },
  company: COMPANY,
};

/** The portal's API as the calendar and account pages meet it: one project of one company, no visits, no feed. */
function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/api/auth/me') return Response.json(USER);
      if (url.pathname === `/api/entities/${ENTITY.id}`) return Response.json(ENTITY);
      if (url.pathname === '/api/entities') return Response.json({ ...emptyPage, data: [ENTITY], total: 1, from: 1, to: 1 });
      if (url.pathname === '/api/calendar/feed') return Response.json({ active: false, created_at: null, last_used_at: null });
      if (url.pathname === '/api/calendar' || url.pathname === '/api/contact/companies') return Response.json(emptyPage);
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined);
  Element.prototype.scrollIntoView = () => undefined;
  localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the calendar page', () => {
  it('names the company’s zone as IANA writes it, and offers to subscribe, on to the account’s calendar feed', async () => {
    stubApi();
    const router = visitPortal(`/calendar?entity=${ENTITY.id}`);
    expect(await screen.findByRole('heading', { name: 'Calendar', level: 1 }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/Times are in Harbor Roofing’s time zone, America\/New_York\./)).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Subscribe to this calendar' }));
    expect(await screen.findByRole('region', { name: 'Subscribe in your calendar app' }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/account');
    expect(router.state.location.hash).toBe('calendar-feed');
    expect(screen.getByRole('region', { name: 'Subscribe in your calendar app' })).toHaveAttribute('id', 'calendar-feed');
  });
});
