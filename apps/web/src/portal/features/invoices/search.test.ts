import { describe, expect, it } from 'vitest';
import { createDataLayer } from '../../../root/data-layer';
import { createPortalRouter } from '../../../app/router';
import { searchOf, tableState, validateInvoicesSearch } from './search';

/** What was read, without the keys left undefined (the router leaves those out of the URL). */
const parse = (search: Record<string, unknown>) => ({
  value: Object.fromEntries(Object.entries(validateInvoicesSearch(search)).filter(([, entry]) => entry !== undefined)),
});

describe('the invoices page query (docs/requirements.md 11.5)', () => {
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

  it('gives the page the defaults for values it does not know, through the real route table', () => {
    const router = createPortalRouter(createDataLayer());
    const url = new URL('/invoices?entity=1&sort=colour&page=abc&size=7&status=draft&view=list', 'http://portal.test');
    const matches = router.matchRoutes(url.pathname, router.options.parseSearch(url.search));
    const invoices = matches.find((match) => match.routeId === '/default/invoices');
    expect(invoices?.status).not.toBe('error');
    const search = invoices!.search as Record<string, unknown>;
    expect(search.entity).toBe(1);
    expect(tableState(search)).toEqual(tableState({}));
    expect(search.view).toBeUndefined();
  });

  it('keeps defaults out of the URL', () => {
    const state = tableState({});
    expect(state).toEqual({ page: 1, size: 10, sort: { field: 'issue_date', direction: 'desc' }, status: undefined });
    expect(searchOf(state)).toEqual({});
    expect(searchOf({ ...state, page: 2, sort: { field: 'total', direction: 'asc' } })).toEqual({ page: 2, sort: 'total' });
  });
});
