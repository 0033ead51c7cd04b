import type { ListQuery } from '@portal/contract';

export type { ListQuery };

type Scalar = string | number | boolean;

/** A value counts as set unless it is undefined, null, '' or an empty list (docs/requirements.md 6.2). */
function joined(value: Scalar | readonly Scalar[] | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const parts = value.filter((part) => part !== '' && part !== null && part !== undefined).map(String);
    return parts.length > 0 ? parts.join(',') : null;
  }
  const text = String(value);
  return text === '' ? null : text;
}

/**
 * The query string of a list read (docs/requirements.md 8.3): `filter[{name}]`, `page[number]`, `page[size]`, `sort`,
 * `append` and `include` (lists comma-joined) and any custom parameter, each sent only when set.
 *
 *     listQueryParams({ filter: { company_id: 1 }, page: { size: 1, number: 1 } })
 *     // filter%5Bcompany_id%5D=1&page%5Bnumber%5D=1&page%5Bsize%5D=1
 */
export function listQueryParams(query: ListQuery = {}): URLSearchParams {
  const params = new URLSearchParams();
  const add = (name: string, value: Scalar | readonly Scalar[] | null | undefined) => {
    const text = joined(value);
    if (text !== null) params.append(name, text);
  };
  for (const [name, value] of Object.entries(query.filter ?? {})) add(`filter[${name}]`, value);
  add('page[number]', query.page?.number);
  add('page[size]', query.page?.size);
  add('sort', query.sort);
  add('append', query.append);
  add('include', query.include);
  for (const [name, value] of Object.entries(query.params ?? {})) add(name, value);
  return params;
}

/** The same query on another page (and page size, when given). */
export function withPage(query: ListQuery = {}, number: number, size?: number): ListQuery {
  return { ...query, page: { ...query.page, number, ...(size === undefined ? {} : { size }) } };
}
