import { describe, expect, it } from 'vitest';
import { buildStatement } from './statement';

const project = { id: 1, number: 'P-1', name: 'Test' };

describe('the statement of account', () => {
  it('lists invoices and payments in date order with the running balance, invoices first on a shared day', () => {
    const statement = buildStatement({
      today: '2026-06-30',
      project,
      invoices: [
        { id: 2, number: 'INV-2', issue_date: '2026-05-01', due_date: '2026-05-31', total: '200.10', balance: '200.10' },
        { id: 1, number: 'INV-1', issue_date: '2026-04-01', due_date: '2026-04-30', total: '100.05', balance: '0.00' },
      ],
      payments: [
        { id: 9, invoice_id: 1, paid_on: '2026-05-01', amount: '60.02', method: 'Check', reference: '101' },
        { id: 8, invoice_id: 1, paid_on: '2026-04-15', amount: '40.03', method: 'ACH', reference: null },
        { id: 7, invoice_id: 99, paid_on: '2026-04-15', amount: '1.00', method: 'ACH', reference: null }, // not one of these invoices
      ],
    });
    expect(statement.entries.map((entry) => [entry.date, entry.kind, entry.invoice_number, entry.charge, entry.payment, entry.balance])).toEqual([
      ['2026-04-01', 'invoice', 'INV-1', '100.05', null, '100.05'],
      ['2026-04-15', 'payment', 'INV-1', null, '40.03', '60.02'],
      ['2026-05-01', 'invoice', 'INV-2', '200.10', null, '260.12'],
      ['2026-05-01', 'payment', 'INV-1', null, '60.02', '200.10'],
    ]);
    expect(statement.entries[3]!.description).toBe('Payment, Check 101, on INV-1');
    expect([statement.total_invoiced, statement.total_paid, statement.balance]).toEqual(['300.15', '100.05', '200.10']);
    // INV-2 is 30 days past due on 30 June.
    expect(statement.aging).toEqual({ current: '0.00', days_1_30: '200.10', days_31_60: '0.00', days_61_90: '0.00', over_90: '0.00' });
  });

  it('ages each balance by its own due date and the buckets add up to the balance, to the cent', () => {
    const today = '2026-12-31';
    const invoice = (id: number, due: string, balance: string) => ({
      id,
      number: `INV-${id}`,
      issue_date: '2026-01-01',
      due_date: due,
      total: balance,
      balance,
    });
    const statement = buildStatement({
      today,
      project,
      invoices: [
        invoice(1, '2026-12-31', '0.01'), // 0 days: current
        invoice(2, '2026-12-30', '0.02'), // 1
        invoice(3, '2026-12-01', '0.04'), // 30
        invoice(4, '2026-11-30', '0.08'), // 31
        invoice(5, '2026-11-01', '0.16'), // 60
        invoice(6, '2026-10-31', '0.32'), // 61
        invoice(7, '2026-10-02', '0.64'), // 90
        invoice(8, '2026-10-01', '1.28'), // 91
      ],
      payments: [],
    });
    expect(statement.aging).toEqual({ current: '0.01', days_1_30: '0.06', days_31_60: '0.24', days_61_90: '0.96', over_90: '1.28' });
    expect(statement.balance).toBe('2.55');
  });

  it('is empty and zero with no invoices', () => {
    const statement = buildStatement({ today: '2026-01-01', project, invoices: [], payments: [] });
    expect(statement.entries).toEqual([]);
    expect(statement.balance).toBe('0.00');
    expect(Object.values(statement.aging)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00']);
  });
});
