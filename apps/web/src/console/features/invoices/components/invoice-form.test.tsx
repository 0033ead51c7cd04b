import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataLayer } from '../../../../root/data-layer';
import { createStaffRouter } from '../../../../app/router';
import { staffRouteTree } from '../../../staff-router';

const member = {
  id: 1,
  name: 'Hana Harbor',
  email: 'owner@harbor.example',
  role: 'owner',
  company: { id: 3, name: 'Harbor Roofing', logo_url: null, color: '#0f766e' },
};
const project = { id: 5, name: 'Roof replacement', number: 'HR-1001' };

/** The company API as the new-invoice page meets it; the draft is refused once, naming a field of the second line. */
function stubApi() {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/api/staff/auth/me') return Response.json(member);
      if (url.pathname === '/api/integration/projects/5') return Response.json(project);
      if (url.pathname === '/api/integration/invoices' && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return Response.json(
          {
            message: 'The given data was invalid.',
            errors: { 'lines.1.quantity': ['The quantity must be more than 0.'], due_date: ['The due date may not be before the issue date.'] },
          },
          { status: 422 },
        );
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return posted;
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined);
  localStorage.setItem(STAFF_TOKEN_STORAGE_KEY, 'staff-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the new invoice form', () => {
  it('adds up as the office types, and shows each of the server refusals beside its own field', async () => {
    const posted = stubApi();
    const router = createStaffRouter(createDataLayer(), staffRouteTree());
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: ['/staff/projects/5/invoices/new'] }) });
    render(<RouterProvider router={router} />);

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Number', {}, { timeout: 15_000 }), 'HR-INV-1');
    await user.type(screen.getByLabelText('Line 1 Description'), 'Tear-off');
    await user.type(screen.getByLabelText('Line 1 Unit price'), '0.10');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await user.type(screen.getByLabelText('Line 2 Description'), 'Shingles');
    await user.type(screen.getByLabelText('Line 2 Unit price'), '0.20');
    expect(screen.getByTestId('draft-total')).toHaveTextContent('$0.30');
    await user.clear(screen.getByLabelText('Line 2 Quantity'));
    expect(screen.getByTestId('draft-total')).toHaveTextContent('—');
    await user.type(screen.getByLabelText('Line 2 Quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Create the draft' }));

    const quantity = screen.getByLabelText('Line 2 Quantity');
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity).toHaveAccessibleDescription('The quantity must be more than 0.');
    expect(screen.getByLabelText('Line 1 Quantity')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Due date')).toHaveAccessibleDescription('The due date may not be before the issue date.');
    // The generic "invalid" message says nothing the fields do not: it is left out.
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
    expect(posted).toEqual([
      expect.objectContaining({
        project_id: 5,
        number: 'HR-INV-1',
        tax_rate: '0',
        lines: [
          { description: 'Tear-off', quantity: '1', unit_price: '0.10' },
          { description: 'Shingles', quantity: '0', unit_price: '0.20' },
        ],
      }),
    ]);
    expect(router.state.location.pathname).toBe('/staff/projects/5/invoices/new');
  }, 30_000);

  it('takes a price as the office types it, "$1,250", adds it up and sends 1250.00', async () => {
    const posted = stubApi();
    const router = createStaffRouter(createDataLayer(), staffRouteTree());
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: ['/staff/projects/5/invoices/new'] }) });
    render(<RouterProvider router={router} />);

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Number', {}, { timeout: 15_000 }), 'HR-INV-2');
    await user.type(screen.getByLabelText('Line 1 Description'), 'Gutters');
    await user.type(screen.getByLabelText('Line 1 Unit price'), '$1,250');
    expect(screen.getByTestId('draft-total')).toHaveTextContent('$1,250.00');
    await user.click(screen.getByRole('button', { name: 'Create the draft' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ lines: [{ description: 'Gutters', quantity: '1', unit_price: '1250.00' }] });
  }, 30_000);
});
