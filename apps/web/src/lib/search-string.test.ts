import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-string';

// The sign-in build reads and writes queries without the router; a link it writes must be the link the router would
// have written, and a query it reads the query the router would have read (TanStack Router's defaults).
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('1', '007', '-3', '1e3', 'true', 'false', 'null', '[1]', '{"a":1}', '"quoted"', ' 1', 'tr', 'nu', 'ACME', 'a b&c=d'),
);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
);
const key = fc.oneof(fc.constantFrom('theme', 'entity', 'company_id', 'token', 'email'), fc.string({ minLength: 1 }));

describe('the query string', () => {
  it('reads as the router reads it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, text), { maxLength: 5 }), (pairs) => {
        const searchStr = `?${new URLSearchParams(pairs).toString()}`;
        expect(parseSearch(searchStr)).toEqual(defaultParseSearch(searchStr));
      }),
      { numRuns: 500 },
    );
  });

  it('is written as the router writes it, and reads back as written', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (search) => {
        expect(stringifySearch(search)).toBe(defaultStringifySearch(search));
        expect(parseSearch(stringifySearch(search))).toEqual(defaultParseSearch(defaultStringifySearch(search)));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the theme code a text and the project id a number', () => {
    expect(parseSearch('?theme=ACME&entity=12')).toEqual({ theme: 'ACME', entity: 12 });
    expect(stringifySearch({ theme: 'ACME', entity: 12, company_id: undefined })).toBe('?theme=ACME&entity=12');
    expect(stringifySearch({})).toBe('');
  });
});
