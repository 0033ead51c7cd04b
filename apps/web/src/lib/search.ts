import { INT4_MAX } from '@portal/contract/constants';

/**
 * The URL's query, read by the router's `validateSearch` on every navigation. Plain functions, not
 * zod: they sit in the sign-in page's first bundle, where zod/mini cost about 6 KB gzip for these
 * few rules (decision 024). A value that breaks a rule throws, so the route fails validation: a 404
 * (docs/requirements.md 3.9).
 */

/** docs/requirements.md 3.8: the literal text "undefined" or "null", and empty values, count as missing. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'undefined' || value === 'null';
}

/** A whole number (or a string of one) from `min` to 2^31 - 1; else undefined. */
export function integer(value: unknown, min: number): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= INT4_MAX ? number : undefined;
}

/** One of `values`, else undefined. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/** A database id, as a number or a string of digits: a positive integer up to 2^31 - 1; else null. */
export function readId(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 && number <= INT4_MAX ? number : null;
}

const THEME_CODE = /^[a-z0-9][a-z0-9-]{0,62}$/i;

/** A company theme code (`acme`); else null. */
export function readThemeCode(value: unknown): string | null {
  return typeof value === 'string' && THEME_CODE.test(value) ? value : null;
}

/** Reads one optional key: missing gives undefined, a value `read` refuses throws. */
function optional<T>(search: Record<string, unknown>, key: string, read: (value: unknown) => T | null): T | undefined {
  const value = search[key];
  if (isMissing(value)) return undefined;
  const result = read(value);
  if (result === null) throw new Error(`The query parameter ${key} is not valid.`);
  return result;
}

/** The query every page but the sign-in pages may carry (docs/requirements.md 3.4). */
export interface PortalSearchParams {
  entity?: number | undefined;
  company_id?: number | undefined;
  theme?: string | undefined;
}

/** Leaves out the keys whose value is undefined. */
function defined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

/**
 * Every key is in the result, undefined when missing: the router spreads the result over the raw
 * query (`{ ...raw, ...validated }`), so a key left out would hand the pages the raw `entity=null`
 * (and the API a request for entity "null"). The router leaves undefined values out of links.
 */
export function validatePortalSearch(search: Record<string, unknown>): PortalSearchParams {
  return {
    entity: optional(search, 'entity', readId),
    company_id: optional(search, 'company_id', readId),
    theme: optional(search, 'theme', readThemeCode),
  };
}

/**
 * The portal query of a page that failed (an error page, where validation may be what failed):
 * what is valid of it, the rest left out, so the page can still be branded.
 */
export function salvagePortalSearch(search: Record<string, unknown>): PortalSearchParams {
  const lenient = <T>(key: string, read: (value: unknown) => T | null) => (isMissing(search[key]) ? undefined : (read(search[key]) ?? undefined));
  return { entity: lenient('entity', readId), company_id: lenient('company_id', readId), theme: lenient('theme', readThemeCode) };
}

/** The sign-in pages keep the query they were given, theme included, and validate nothing else. */
export function validateSignInSearch(search: Record<string, unknown>): Record<string, unknown> & { theme?: string | undefined } {
  const rest = Object.fromEntries(Object.entries(search).filter(([key]) => key !== 'theme'));
  return defined({ ...rest, theme: optional(search, 'theme', readThemeCode) });
}
