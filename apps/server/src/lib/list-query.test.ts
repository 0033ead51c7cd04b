import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors';
import { defineListQuery, refuseUnknownStatuses, terms } from './list-query';

const notes = defineListQuery({
  filters: { status: { kind: 'string' }, author_id: { kind: 'integer' } },
  sorts: ['created_at', 'id'],
  defaultSort: '-created_at',
  includes: ['author', 'attachments'],
  appends: ['excerpt'],
  params: { search: { description: 'Full text' }, view: { values: ['list', 'grid'] } },
  paginate: { defaultSize: 10, maxSize: 50 },
});

function errorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).errors ?? {};
  }
  throw new Error('expected a 400');
}

describe('defineListQuery', () => {
  it('answers the defaults for an empty query', () => {
    const parsed = notes.parse({});
    expect(parsed).toEqual({
      filters: {},
      sort: [{ field: 'created_at', direction: 'desc' }],
      includes: new Set(),
      appends: new Set(),
      page: { number: 1, size: 10 },
      params: {},
    });
  });

  it('parses every declared part', () => {
    const parsed = notes.parse({
      filter: { status: 'sent, paid,', author_id: '3,4' },
      page: { number: '2', size: '50' },
      sort: 'id,-created_at',
      include: 'author,attachments,author',
      append: 'excerpt',
      search: 'roof',
      view: 'grid',
    });
    expect(parsed.filters).toEqual({ status: ['sent', 'paid'], author_id: [3, 4] });
    expect(parsed.page).toEqual({ number: 2, size: 50 });
    expect(parsed.sort).toEqual([
      { field: 'id', direction: 'asc' },
      { field: 'created_at', direction: 'desc' },
    ]);
    expect([...parsed.includes]).toEqual(['author', 'attachments']);
    expect([...parsed.appends]).toEqual(['excerpt']);
    expect(parsed.params).toEqual({ search: 'roof', view: 'grid' });
  });

  it('treats empty values as not given', () => {
    const parsed = notes.parse({ filter: { status: '' }, page: { number: '', size: '' }, sort: '', include: '', search: '' });
    expect(parsed).toMatchObject({ filters: {}, page: { number: 1, size: 10 }, sort: [{ field: 'created_at', direction: 'desc' }], params: {} });
  });

  it('refuses what is not declared, naming what is', () => {
    expect(errorsOf(() => notes.parse({ q: 'x', filter: { nope: '1' }, append: 'total', view: 'table', include: 'x', page: { size: '51' } }))).toEqual({
      q: ['The query parameter q is not allowed. Allowed: filter, page, sort, include, append, search, view'],
      'filter[nope]': ['The filter nope is not allowed. Allowed: status, author_id'],
      append: ['The append total is not allowed. Allowed: excerpt'],
      view: ['The view value table is not allowed. Allowed: list, grid'],
      include: ['The include x is not allowed. Allowed: author, attachments'],
      'page[size]': ['The page[size] must be a whole number from 1 to 50.'],
    });
  });

  it('names a refused parameter or value only when it is a plain name, so an answer never carries markup or bytes back', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const errors = errorsOf(() =>
      notes.parse({ [hostile]: '1', filter: { [hostile]: '1' }, page: { [hostile]: '1' }, sort: hostile, include: hostile, append: hostile, view: hostile }),
    );
    expect(JSON.stringify(errors)).not.toContain('<img');
    expect(errors).toEqual({
      query: ['This query parameter is not allowed. Allowed: filter, page, sort, include, append, search, view'],
      filter: ['This filter is not allowed. Allowed: status, author_id'],
      page: ['This page parameter is not allowed. Allowed: number, size'],
      sort: ['This sort field is not allowed; put - in front of a field to sort descending. Allowed: created_at, id'],
      include: ['This include is not allowed. Allowed: author, attachments'],
      append: ['This append is not allowed. Allowed: excerpt'],
      view: ['This view value is not allowed. Allowed: list, grid'],
    });
  });

  it('refuses a repeated or nested value', () => {
    expect(errorsOf(() => notes.parse({ include: ['author', 'attachments'], filter: { status: { a: '1' } } }))).toEqual({
      include: ['The include parameter must be given once, as text.'],
      'filter[status]': ['The filter[status] parameter must be given once, as text.'],
    });
  });

  it('refuses integers out of range', () => {
    expect(errorsOf(() => notes.parse({ filter: { author_id: '2147483648' }, page: { number: '99999999999' } }))).toEqual({
      'filter[author_id]': ['The filter[author_id] must be whole numbers, separated by commas.'],
      'page[number]': ['The page[number] must be a whole number of at least 1.'],
    });
  });

  it('reads a moment with its offset for a timestamp filter, and refuses one without', () => {
    const sync = defineListQuery({ filters: { updated_since: { kind: 'timestamp' } }, sorts: ['id'] });
    expect(sync.parse({ filter: { updated_since: '2026-03-02T10:04:05.5+02:00' } }).filters).toEqual({
      updated_since: [new Date('2026-03-02T08:04:05.500Z')],
    });
    expect(sync.parse({ filter: { updated_since: '' } }).filters).toEqual({});
    for (const bad of ['2026-03-02T10:04:05', '2026-03-02', 'yesterday', '2026-02-30T10:00:00Z,2026-03-01T10:00:00Z']) {
      expect(errorsOf(() => sync.parse({ filter: { updated_since: bad } }))).toEqual({
        'filter[updated_since]': ['The filter[updated_since] must be one ISO 8601 moment with its offset, e.g. 2026-03-02T15:04:05Z.'],
      });
    }
  });

  it('knows nothing but include on a single record', () => {
    const show = defineListQuery({ includes: ['model'], paginate: false });
    expect(Object.keys(show.querystring.shape)).toEqual(['include']);
    expect(errorsOf(() => show.parse({ page: { number: '1' } }))).toEqual({ page: ['The query parameter page is not allowed. Allowed: include'] });
    const nothing = defineListQuery({ paginate: false });
    expect(errorsOf(() => nothing.parse({ include: 'x' }))).toEqual({ include: ['The query parameter include is not allowed. Allowed: none'] });
  });

  it('documents the parameters it accepts', () => {
    expect(Object.keys(notes.querystring.shape)).toEqual(['filter', 'page', 'sort', 'include', 'append', 'search', 'view']);
  });
});

describe('terms', () => {
  it('splits on commas and drops blanks', () => {
    expect(terms(' a, b ,,c ,')).toEqual(['a', 'b', 'c']);
    expect(terms('')).toEqual([]);
  });
});

describe('refuseUnknownStatuses', () => {
  const allowed = ['draft', 'sent'];
  const refusal = (statuses: string[]) => {
    try {
      refuseUnknownStatuses(statuses, allowed);
    } catch (error) {
      return { status: (error as HttpError).statusCode, errors: (error as HttpError).errors };
    }
    return undefined;
  };

  it('lets the allowed statuses and no filter through', () => {
    expect(refusal(['sent', 'draft'])).toBeUndefined();
    expect(refuseUnknownStatuses(undefined, allowed)).toBeUndefined();
  });

  it('names an unknown plain status, and never echoes markup', () => {
    expect(refusal(['sent', 'paid'])).toEqual({ status: 400, errors: { 'filter[status]': ['The status paid is not allowed. Allowed: draft, sent'] } });
    expect(refusal(['<img src=x>'])).toEqual({ status: 400, errors: { 'filter[status]': ['This status is not allowed. Allowed: draft, sent'] } });
  });
});
