import { describe, expect, it } from 'vitest';
import { searchOf, tableState, validateInvoicesSearch } from './search';

const parse = (search: Record<string, unknown>) => ({ value: validateInvoicesSearch(search) });

describe('the invoices page query (issue 8)', () => {
  it('reads page, size, sort, status, invoice and view', () => {
    expect(parse({ page: '3', size: 50, sort: '-total', status: 'overdue', invoice: '7', view: 'statement' })).toEqual({
      value: { page: 3, size: 50, sort: '-total', status: 'overdue', invoice: 7, view: 'statement' },
    });
  });

  it.each([
    ['page', '0'],
    ['page', '1.5'],
    ['page', 'abc'],
    ['page', '2147483648'],
    ['size', '7'],
    ['sort', 'colour'],
    ['sort', '--total'],
    ['status', 'draft'],
    ['invoice', '-1'],
    ['view', 'list'],
    ['page', 'undefined'],
    ['status', 'null'],
    ['status', ''],
  ])('falls back to the default for %s=%j instead of failing the route', (key, value) => {
    const result = parse({ [key]: value, page: key === 'page' ? value : '2' });
    expect(result).toEqual({ value: key === 'page' ? {} : { page: 2 } });
  });

  it('keeps defaults out of the URL', () => {
    const state = tableState({});
    expect(state).toEqual({ page: 1, size: 10, sort: { field: 'issue_date', direction: 'desc' }, status: undefined });
    expect(searchOf(state)).toEqual({});
    expect(searchOf({ ...state, page: 2, sort: { field: 'total', direction: 'asc' } })).toEqual({ page: 2, sort: 'total' });
  });
});
