import { INT4_MAX } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import { isMissing, salvagePortalSearch, validatePortalSearch, validateSignInSearch } from './search';

describe('the portal query (docs/requirements.md 3.4, 3.8)', () => {
  it.each(['undefined', 'null', '', undefined, null])('counts %j as missing', (value) => {
    expect(isMissing(value)).toBe(true);
    expect(validatePortalSearch({ entity: value, company_id: value, theme: value })).toEqual({});
  });

  it('reads entity and company_id as ids, and theme as a code', () => {
    expect(validatePortalSearch({ entity: '12', company_id: 3, theme: 'acme' })).toEqual({ entity: 12, company_id: 3, theme: 'acme' });
    expect(validatePortalSearch({ entity: INT4_MAX, theme: 'A-1' })).toEqual({ entity: INT4_MAX, theme: 'A-1' });
  });

  it('leaves other keys out', () => {
    expect(validatePortalSearch({ entity: 1, page: 2 })).toEqual({ entity: 1 });
  });

  it.each([
    { entity: 'abc' },
    { company_id: '-1' },
    { entity: 0 },
    { entity: 1.5 },
    { entity: '1.5' },
    { entity: INT4_MAX + 1 },
    { entity: true },
    { theme: '-acme' },
    { theme: 'a b' },
    { theme: 'a'.repeat(64) },
    { theme: 12 },
  ])('refuses %j, so the route fails validation (a 404)', (search) => {
    expect(() => validatePortalSearch(search)).toThrow();
  });
});

describe('the sign-in query', () => {
  it('keeps every key, and reads theme as a code', () => {
    expect(validateSignInSearch({ theme: 'acme', entity: 4, email: 'a@b.c' })).toEqual({ theme: 'acme', entity: 4, email: 'a@b.c' });
    expect(validateSignInSearch({ theme: 'null', entity: 'x' })).toEqual({ entity: 'x' });
    expect(validateSignInSearch({})).toEqual({});
  });

  it('refuses a theme that is no code', () => {
    expect(() => validateSignInSearch({ theme: 'a/b' })).toThrow();
  });
});

describe('the portal query of an error page', () => {
  it('keeps what is valid, so the page can still be branded, and drops the rest', () => {
    expect(salvagePortalSearch({ entity: 'abc', company_id: '2', theme: 'acme' })).toEqual({ company_id: 2, theme: 'acme' });
    expect(salvagePortalSearch({ entity: 1, theme: 'a/b' })).toEqual({ entity: 1 });
    expect(salvagePortalSearch({ entity: 'null', company_id: '' })).toEqual({});
  });
});
