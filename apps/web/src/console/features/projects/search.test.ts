import { describe, expect, it } from 'vitest';
import { projectsState, searchOf, validateStaffProjectsSearch } from './search';

describe("the console's project list in the URL", () => {
  it('reads the search, page, size and sort, and drops what it does not know', () => {
    expect(validateStaffProjectsSearch({ q: '  porch ', page: '2', size: '50', sort: '-balance' })).toEqual({
      q: 'porch',
      page: 2,
      size: 50,
      sort: '-balance',
    });
    expect(validateStaffProjectsSearch({ q: 'null', page: '0', size: '7', sort: 'colour' })).toEqual({
      q: undefined,
      page: undefined,
      size: undefined,
      sort: undefined,
    });
  });

  it('starts at the most recently active projects, and leaves defaults out of the URL', () => {
    const state = projectsState({});
    expect(state).toEqual({ search: '', page: 1, size: 20, sort: { field: 'last_activity_at', direction: 'desc' } });
    expect(searchOf(state)).toEqual({ q: undefined, page: undefined, size: undefined, sort: undefined });
    expect(searchOf({ ...state, sort: { field: 'customer', direction: 'asc' }, page: 3 })).toEqual({
      q: undefined,
      page: 3,
      size: undefined,
      sort: 'customer',
    });
  });
});
