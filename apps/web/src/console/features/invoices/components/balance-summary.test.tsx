import type { Statement } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, signedInToConsole, visitConsole } from '../../../../test/console';

/** The project's money in the console: the contract and its approved changes beside what was invoiced and paid. */

const STATEMENT: Statement = {
  currency: 'USD',
  as_of: '2026-11-24',
  project: { id: 5, number: 'HR-1001', name: 'Roof replacement' },
  entries: [],
  contract: '18500.00',
  // A skylight (+1,200.00) and a credit for rot that was not there (−300.00).
  approved_changes: '900.00',
  revised_contract: '19400.00',
  total_invoiced: '9250.00',
  total_paid: '5000.00',
  balance: '4250.00',
  aging: { current: '4250.00', days_1_30: '0.00', days_31_60: '0.00', days_61_90: '0.00', over_90: '0.00' },
};

signedInToConsole();

describe("the project's balance in the console", () => {
  it('shows the contract, the approved changes and the revised contract beside invoiced, paid and balance', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://portal.test');
        if (url.pathname === '/api/staff/auth/me')
          return Response.json({
            id: 1,
            name: 'Hana Harbor',
            email: 'owner@harbor.example',
            role: 'owner',
            company: { id: 3, name: 'Harbor Roofing', logo_url: null, color: '#0f766e' },
          });
        if (url.pathname === '/api/integration/projects/5') return Response.json({ id: 5, name: 'Roof replacement', number: 'HR-1001' });
        if (url.pathname === '/api/integration/projects/5/statement') return Response.json(STATEMENT);
        if (url.pathname === '/api/integration/invoices') return Response.json(onePage([]));
        return Response.json({ message: 'Not found.' }, { status: 404 });
      }),
    );
    visitConsole('/staff/projects/5/invoices');
    const balance = await screen.findByRole('region', { name: 'Project balance' }, { timeout: 15_000 });
    await within(balance).findByText('$4,250.00', { selector: '[data-testid="project-balance"]' });
    const term = (label: string) => within(balance).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(term('Contract')).toHaveTextContent('$18,500.00');
    expect(term('Approved changes')).toHaveTextContent('+$900.00');
    expect(term('Revised contract')).toHaveTextContent('$19,400.00');
    expect(term('Invoiced')).toHaveTextContent('$9,250.00');
    expect(term('Paid')).toHaveTextContent('$5,000.00');
  }, 20_000);
});
