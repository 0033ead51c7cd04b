import type { Project } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectOverview } from './project-overview';

const project: Project = {
  id: 1,
  company_id: 1,
  account_id: null,
  status_id: null,
  site_type_id: null,
  rep_primary_id: null,
  number: 'HR-1001',
  name: 'Roof replacement',
  address_street: null,
  address_city: null,
  address_state: null,
  address_zip: null,
  address_description: null,
  address_latitude: null,
  address_longitude: null,
  rep_primary_name: null,
  rep_primary_phone: null,
  financials_total_amount: '0.00',
  financials_balance_amount: '0.00',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The address part of the project's details: the <address> element, whose only mark beside it is the map pin. */
const address = () => screen.getByRole('region', { name: 'Project details' }).querySelector('address');

describe("the portal's project overview", () => {
  it('shows no address block, and so no lone map pin, for a project without an address', () => {
    render(<ProjectOverview project={project} />);
    expect(screen.getByText('No. HR-1001')).toBeInTheDocument();
    expect(address()).toBeNull();
    expect(screen.queryByRole('link', { name: /Open in maps/ })).toBeNull();
  });

  it('shows the address, its description and the map link when there is one', () => {
    render(
      <ProjectOverview
        project={{ ...project, address_street: '12 Oak St', address_city: 'Springfield', address_state: 'IL', address_description: 'Side gate' }}
      />,
    );
    expect(address()).toHaveTextContent('12 Oak St');
    expect(address()).toHaveTextContent('Springfield, IL');
    expect(address()).toHaveTextContent('Side gate');
    expect(screen.getByRole('link', { name: /Open in maps/ })).toBeInTheDocument();
  });

  it('shows the contract, its approved changes (a net credit as one) and the revised contract', () => {
    render(<ProjectOverview project={{ ...project, contract: '10000.00', approved_changes: '-120.00', revised_contract: '9880.00' }} />);
    const money = screen.getByLabelText('Contract and changes');
    expect(within(money).getByText('Contract').nextElementSibling).toHaveTextContent('$10,000.00');
    expect(within(money).getByText('Approved changes').nextElementSibling).toHaveTextContent('−$120.00 credit');
    expect(within(money).getByText('Revised contract').nextElementSibling).toHaveTextContent('$9,880.00');
  });

  it('offers the map for a project placed by its coordinates alone', () => {
    render(<ProjectOverview project={{ ...project, address_latitude: '41.88', address_longitude: '-87.63' }} />);
    expect(screen.getByRole('link', { name: /Open in maps/ })).toHaveAttribute('href', expect.stringContaining('41.88'));
  });
});
