import type { IntegrationCompany } from '@portal/contract';
import { COMPANY_SWITCHES } from '@portal/contract/company-side';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInToConsole, visitConsole } from '../../../../test/console';

/** The portal's areas in the console's settings (docs/staff-console.md): every switch, and what a choice over an allowance makes. */

const COMPANY = {
  id: 3,
  name: 'Acme',
  ...Object.fromEntries(COMPANY_SWITCHES.map((name) => [name, true])),
  is_portal_selections_enabled: false,
  selection_overage_change_orders: 'draft',
} as unknown as IntegrationCompany;

function stubApi() {
  const patches: unknown[] = [];
  let company = COMPANY;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path === '/api/staff/auth/me')
        return Response.json({
          id: 1,
          name: 'Dana Whitfield',
          email: 'dana@acme.example',
          role: 'owner',
          company: { id: 3, name: 'Acme', logo_url: null, color: '#0f766e' },
        });
      if (path === '/api/integration/company' && init.method === 'PATCH') {
        const patch = JSON.parse(String(init.body)) as Partial<IntegrationCompany>;
        patches.push(patch);
        company = { ...company, ...patch };
        return Response.json(company);
      }
      if (path === '/api/integration/company') return Response.json(company);
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return patches;
}

signedInToConsole();

describe('the portal areas page', () => {
  it('shows Selections among the ten switches, and saves it and the overage setting when changed', async () => {
    const patches = stubApi();
    visitConsole('/staff/settings/areas');
    const selections = await screen.findByRole('switch', { name: 'Selections' }, { timeout: 15_000 });
    expect(screen.getAllByRole('switch')).toHaveLength(10);
    expect(selections).toHaveAttribute('aria-checked', 'false');
    const user = userEvent.setup();
    await user.click(selections);
    await vi.waitFor(() => expect(selections).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByRole('radio', { name: /Make a draft change order/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Send the change order at once/ }));
    await vi.waitFor(() => expect(patches).toEqual([{ is_portal_selections_enabled: true }, { selection_overage_change_orders: 'send' }]));
  }, 30_000);
});
