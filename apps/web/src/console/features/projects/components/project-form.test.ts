import type { IntegrationProject } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { formValues, projectBody } from './project-form';

const project = {
  id: 7,
  name: 'Porch repair',
  number: null,
  account_id: 3,
  status_id: 2,
  site_type_id: null,
  rep_primary_id: 5,
  address_street: '1 Oak St',
  address_city: null,
  address_state: null,
  address_zip: null,
  financials_total_amount: '1200.00',
  financials_balance_amount: null,
} as IntegrationProject;

describe('the project form', () => {
  it('sends money as the office types it in the API’s form, and leaves what is ambiguous for the server to name', () => {
    const values = formValues(project);
    values.fields.financials_total_amount = '$48,250';
    values.fields.financials_balance_amount = '1,25';
    expect(projectBody(values)).toMatchObject({ financials_total_amount: '48250.00', financials_balance_amount: '1,25' });
  });

  it('sends what the fields hold: an emptied field clears it, ids as numbers, the chosen account', () => {
    const values = formValues(project);
    values.fields.address_street = '  ';
    values.fields.number = ' CS-7 ';
    expect(projectBody(values)).toEqual({
      name: 'Porch repair',
      number: 'CS-7',
      address_street: null,
      address_city: null,
      address_state: null,
      address_zip: null,
      financials_total_amount: '1200.00',
      financials_balance_amount: null,
      status_id: 2,
      site_type_id: null,
      rep_primary_id: 5,
      account_id: 3,
    });
  });

  it('sends a new account in the same request, never beside an account_id', () => {
    const values = { ...formValues(project), accountMode: 'new' as const };
    values.account = { name: ' Rosa Diaz ', first_name: 'Rosa', last_name: '', email: 'rosa@example.com', phone_cell: '', phone_work: '' };
    const body = projectBody(values);
    expect(body).not.toHaveProperty('account_id');
    expect(body.account).toEqual({ name: 'Rosa Diaz', first_name: 'Rosa', last_name: null, email: 'rosa@example.com', phone_cell: null, phone_work: null });
  });
});
