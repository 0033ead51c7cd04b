import { DOCUMENT_SORTS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createDataLayer } from '../../../root/data-layer';
import { createPortalRouter } from '../../../app/router';
import { MAX_SEARCH_LENGTH, searchOf, searchText, tableState, validateDocumentsSearch } from './search';

const parse = (search: Record<string, unknown>) => ({ value: validateDocumentsSearch(search) });

describe('the documents page query (decision 026)', () => {
  it('reads q, page, size and sort', () => {
    expect(parse({ q: 'permit', page: '3', size: 50, sort: '-name' })).toEqual({ value: { q: 'permit', page: 3, size: 50, sort: '-name' } });
  });

  it('sorts by what the contract sorts by, newest first by default', () => {
    for (const field of DOCUMENT_SORTS) {
      expect(parse({ sort: field })).toEqual({ value: { sort: field } });
      expect(parse({ sort: `-${field}` })).toEqual({ value: { sort: `-${field}` } });
    }
  });

  it('names every key, undefined when unknown, so the router cannot pass the raw value through', () => {
    expect(validateDocumentsSearch({ sort: 'colour', page: 'abc', size: '7', q: '' })).toStrictEqual({
      q: undefined,
      page: undefined,
      size: undefined,
      sort: undefined,
    });
  });

  it('gives the page the defaults for values it does not know, through the real route table', () => {
    const router = createPortalRouter(createDataLayer());
    const read = (href: string) => {
      const url = new URL(href, 'http://portal.test');
      const matches = router.matchRoutes(url.pathname, router.options.parseSearch(url.search));
      const documents = matches.find((match) => match.routeId === '/default/documents');
      expect(documents?.status).not.toBe('error');
      return documents?.search as Record<string, unknown>;
    };
    const search = read('/documents?entity=3&sort=colour&page=abc&size=7&q=');
    expect(search.entity).toBe(3);
    expect(tableState(search)).toEqual(tableState({}));
    expect(tableState(read('/documents?entity=3&q=2026&sort=-name&page=2&size=25'))).toEqual({
      search: '2026',
      page: 2,
      size: 25,
      sort: { field: 'name', direction: 'desc' },
    });
  });

  it.each([
    ['page', '0'],
    ['page', '-2'],
    ['page', '1.5'],
    ['page', 'abc'],
    ['page', '2147483648'],
    ['size', '7'],
    ['size', '0'],
    ['size', '1000'],
    ['sort', 'colour'],
    ['sort', '--name'],
    ['sort', 'issue_date'],
    ['sort', ['name']],
    ['q', ''],
    ['q', '   '],
    ['q', 'undefined'],
    ['q', 'null'],
    ['q', null],
    ['q', ['permit']],
    ['q', { name: 'permit' }],
    ['page', 'undefined'],
    ['sort', 'null'],
  ])('falls back to the default for %s=%j instead of failing the route', (key, value) => {
    const result = parse({ [key]: value, page: key === 'page' ? value : '2' });
    expect(result).toEqual({ value: key === 'page' ? {} : { page: 2 } });
  });

  it('trims the search text', () => {
    expect(parse({ q: '  building permit \n' })).toEqual({ value: { q: 'building permit' } });
  });

  it('reads a search the router parsed as a number or a boolean as its text', () => {
    expect(parse({ q: 2026 })).toEqual({ value: { q: '2026' } });
    expect(parse({ q: true })).toEqual({ value: { q: 'true' } });
  });

  it(`keeps at most ${MAX_SEARCH_LENGTH} characters of the search, whole characters, trimmed`, () => {
    expect(parse({ q: 'a'.repeat(MAX_SEARCH_LENGTH + 50) })).toEqual({ value: { q: 'a'.repeat(MAX_SEARCH_LENGTH) } });
    expect(parse({ q: 'a'.repeat(MAX_SEARCH_LENGTH) })).toEqual({ value: { q: 'a'.repeat(MAX_SEARCH_LENGTH) } });
    // An emoji is two UTF-16 units: the cut never leaves half of one.
    expect(searchText('😀'.repeat(MAX_SEARCH_LENGTH + 1))).toBe('😀'.repeat(MAX_SEARCH_LENGTH));
    expect(searchText(`${'a'.repeat(MAX_SEARCH_LENGTH - 1)} b`)).toBe('a'.repeat(MAX_SEARCH_LENGTH - 1));
    // Leading spaces are trimmed before the cut, so they take no room.
    expect(searchText(`   ${'a'.repeat(MAX_SEARCH_LENGTH)}`)).toBe('a'.repeat(MAX_SEARCH_LENGTH));
  });

  it('keeps defaults out of the URL', () => {
    const state = tableState({});
    expect(state).toEqual({ search: '', page: 1, size: 10, sort: { field: 'created_at', direction: 'desc' } });
    expect(searchOf(state)).toEqual({ q: undefined, page: undefined, size: undefined, sort: undefined });
    expect(searchOf({ ...state, search: ' permit ', page: 2, size: 25, sort: { field: 'name', direction: 'asc' } })).toEqual({
      q: 'permit',
      page: 2,
      size: 25,
      sort: 'name',
    });
    expect(searchOf({ ...state, search: '   ' }).q).toBeUndefined();
    // The URL cannot carry the text "undefined" or "null" (docs/requirements.md 3.8): typed, it searches nothing, as a reload would.
    expect(searchOf({ ...state, search: ' null ' }).q).toBeUndefined();
    expect(searchOf({ ...state, search: 'undefined' }).q).toBeUndefined();
  });

  it('shows what the URL says, and writes it back the same', () => {
    const search = { q: 'permit', page: 3, size: 50, sort: '-size' };
    const state = tableState(search);
    expect(state).toEqual({ search: 'permit', page: 3, size: 50, sort: { field: 'size', direction: 'desc' } });
    expect(searchOf(state)).toEqual(search);
    expect(tableState({ sort: 'type' }).sort).toEqual({ field: 'type', direction: 'asc' });
  });
});
