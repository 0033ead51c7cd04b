import { DEFAULT_PER_PAGE, INT4_MAX, MAX_PER_PAGE } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalid } from './http-errors';

/**
 * The generic list query of docs/requirements.md 8.3 (`filter[name]`, `page[number]`, `page[size]`, `sort`, `include`,
 * `append` and custom parameters), declared per endpoint. Anything an endpoint does not declare is
 * refused with 400 and a message naming what is allowed, so a typo never silently returns the
 * unfiltered list.
 *
 *     const query = defineListQuery({ filters: { company_id: { kind: 'integer' } }, sorts: ['id'], includes: ['model'] });
 *     app.get('/things', { schema: { querystring: query.querystring }, preValidation: query.preValidation }, async (request) => {
 *       const { filters, sort, includes, page } = query.from(request);
 *     });
 */

export type FilterKind = 'integer' | 'string' | 'timestamp';

export interface FilterDefinition {
  /**
   * integer: whole numbers (ids); string: text. For both a comma separates values meaning "any of".
   * timestamp: one ISO 8601 moment with its offset (`2026-03-02T15:04:05Z`), e.g. `filter[updated_since]` for a sync.
   */
  kind: FilterKind;
  description?: string;
}

export interface ParamDefinition {
  description?: string;
  /** When given, the only values accepted. */
  values?: readonly string[];
}

export interface PaginationDefinition {
  defaultSize?: number;
  maxSize?: number;
}

export interface ListQueryDefinition {
  filters?: Readonly<Record<string, FilterDefinition>>;
  sorts?: readonly string[];
  /** The sort when none is asked for, e.g. '-created_at'. Rows are always finally ordered by id. */
  defaultSort?: string;
  includes?: readonly string[];
  appends?: readonly string[];
  /** Custom parameters, each a single text value. */
  params?: Readonly<Record<string, ParamDefinition>>;
  /** `page[number]` and `page[size]`; true by default, false for single records. */
  paginate?: boolean | PaginationDefinition;
}

type KeysOf<T> = T extends Readonly<Record<infer K, unknown>> ? K & string : never;
type ItemOf<T> = T extends readonly (infer U)[] ? U & string : never;
type FilterValues<T> = T extends { kind: 'integer' } ? number[] : T extends { kind: 'timestamp' } ? [Date] : string[];

export interface SortTerm<Field extends string = string> {
  field: Field;
  direction: 'asc' | 'desc';
}

export interface PageRequest {
  number: number;
  size: number;
}

export interface ParsedListQuery<D extends ListQueryDefinition> {
  /** Only filters that carry at least one value. */
  filters: { [K in KeysOf<D['filters']>]?: FilterValues<NonNullable<D['filters']>[K]> };
  sort: SortTerm<ItemOf<D['sorts']>>[];
  includes: ReadonlySet<ItemOf<D['includes']>>;
  appends: ReadonlySet<ItemOf<D['appends']>>;
  page: PageRequest;
  params: { [K in KeysOf<D['params']>]?: string };
}

export interface ListQuery<D extends ListQueryDefinition> {
  readonly definition: D;
  /** The route's `querystring` schema: documents the parameters (OpenAPI) and types them. */
  readonly querystring: z.ZodObject;
  /** The route's `preValidation` hook: refuses anything undeclared with 400 before the schema runs. */
  preValidation(request: FastifyRequest): Promise<void>;
  /** The query of a request that went through `preValidation` (parsed again if it did not). */
  from(request: FastifyRequest): ParsedListQuery<D>;
  /** Parses a query object as the querystring parser produced it; throws 400 on anything undeclared. */
  parse(query: unknown): ParsedListQuery<D>;
}

const WHOLE = /^\d{1,10}$/;
/** A moment with its offset; without one the same text means different moments on different servers. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

const FILTER_DESCRIPTIONS: Record<FilterKind, string> = {
  integer: 'Whole numbers; a comma means any of: 1,2',
  string: 'A comma means any of: a,b',
  timestamp: 'One ISO 8601 moment with its offset, e.g. 2026-03-02T15:04:05Z',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A refusal names what the caller sent only when it is a plain name (letters, digits, `_ . -`, short), so a mistyped
 * parameter is easy to spot and an answer never carries markup, control characters or a long string back
 * (docs/decisions/069-isolation-and-fuzz-suites.md).
 */
export const plain = (text: string) => /^[A-Za-z0-9_.-]{1,64}$/.test(text);

/**
 * Refuses (400) the statuses of `filter[status]` that are not among `allowed`, naming them only when they are plain
 * words: an error never echoes markup a caller sent.
 */
export function refuseUnknownStatuses(statuses: readonly string[] | undefined, allowed: readonly string[]): void {
  const unknown = (statuses ?? []).filter((status) => !allowed.includes(status));
  if (unknown.length === 0) return;
  const named = unknown.every(plain) ? `The status ${unknown.join(', ')}` : 'This status';
  throw invalid({ 'filter[status]': [`${named} is not allowed. Allowed: ${allowed.join(', ')}`] }, 400);
}

const allowed = (names: readonly string[]) => `Allowed: ${names.length > 0 ? names.join(', ') : 'none'}`;

/** Splits a comma-joined value into its non-empty, trimmed terms. */
export function terms(value: string): string[] {
  return value
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term.length > 0);
}

function pagination(definition: ListQueryDefinition): Required<PaginationDefinition> | null {
  if (definition.paginate === false) return null;
  const options = typeof definition.paginate === 'object' ? definition.paginate : {};
  return { defaultSize: options.defaultSize ?? DEFAULT_PER_PAGE, maxSize: options.maxSize ?? MAX_PER_PAGE };
}

function parseSort(value: string, sorts: readonly string[]): { terms: SortTerm[]; unknown: string[] } {
  const result: SortTerm[] = [];
  const unknown: string[] = [];
  for (const term of terms(value)) {
    const direction = term.startsWith('-') ? 'desc' : 'asc';
    const field = direction === 'desc' ? term.slice(1) : term;
    if (!sorts.includes(field)) unknown.push(field);
    else if (!result.some((existing) => existing.field === field)) result.push({ field, direction });
  }
  return { terms: result, unknown };
}

function querystringSchema(definition: ListQueryDefinition): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  const filters = Object.entries(definition.filters ?? {});
  if (filters.length > 0) {
    shape.filter = z
      .object(
        Object.fromEntries(
          filters.map(([name, filter]) => [
            name,
            z
              .string()
              .optional()
              .describe(filter.description ?? FILTER_DESCRIPTIONS[filter.kind]),
          ]),
        ),
      )
      .optional()
      .describe(`filter[name]=value. ${allowed(filters.map(([name]) => name))}`);
  }
  const page = pagination(definition);
  if (page) {
    shape.page = z
      .object({
        number: z.coerce.number().int().min(1).max(INT4_MAX).optional().describe('The page, from 1 (default 1). Past the last page the list is empty.'),
        size: z.coerce.number().int().min(1).max(page.maxSize).optional().describe(`Items per page (default ${page.defaultSize}, at most ${page.maxSize})`),
      })
      .optional()
      .describe('page[number]=2&page[size]=50');
  }
  if (definition.sorts?.length) {
    shape.sort = z
      .string()
      .optional()
      .describe(`Comma-joined fields, - in front for descending (default ${definition.defaultSort ?? 'id'}). ${allowed(definition.sorts)}`);
  }
  if (definition.includes?.length) {
    shape.include = z
      .string()
      .optional()
      .describe(`Comma-joined relations to embed. ${allowed(definition.includes)}`);
  }
  if (definition.appends?.length) {
    shape.append = z
      .string()
      .optional()
      .describe(`Comma-joined computed attributes. ${allowed(definition.appends)}`);
  }
  for (const [name, param] of Object.entries(definition.params ?? {})) {
    const base = param.values?.length ? z.enum(param.values as [string, ...string[]]) : z.string();
    shape[name] = base.optional().describe(param.description ?? name);
  }
  return z.object(shape);
}

export function defineListQuery<const D extends ListQueryDefinition>(definition: D): ListQuery<D> {
  const page = pagination(definition);
  const filterNames = Object.keys(definition.filters ?? {});
  const sorts = definition.sorts ?? [];
  const includes = definition.includes ?? [];
  const appends = definition.appends ?? [];
  const paramNames = Object.keys(definition.params ?? {});
  const parameterNames = [
    ...(filterNames.length > 0 ? ['filter'] : []),
    ...(page ? ['page'] : []),
    ...(sorts.length > 0 ? ['sort'] : []),
    ...(includes.length > 0 ? ['include'] : []),
    ...(appends.length > 0 ? ['append'] : []),
    ...paramNames,
  ];
  const defaultSort = parseSort(definition.defaultSort ?? (sorts.includes('id') ? 'id' : ''), sorts).terms;
  const parsedByRequest = new WeakMap<FastifyRequest, ParsedListQuery<D>>();

  function parse(query: unknown): ParsedListQuery<D> {
    const errors: Record<string, string[]> = {};
    const refuse = (key: string, message: string) => (errors[key] ??= []).push(message);
    const raw = isRecord(query) ? query : {};

    /** A parameter given once, as text; repeated (an array) or nested (an object) is refused. */
    const text = (key: string, value: unknown): string | undefined => {
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value); // already coerced by the route's schema
      refuse(key, `The ${key} parameter must be given once, as text.`);
      return undefined;
    };

    for (const name of Object.keys(raw)) {
      if (!parameterNames.includes(name)) {
        if (plain(name)) refuse(name, `The query parameter ${name} is not allowed. ${allowed(parameterNames)}`);
        else refuse('query', `This query parameter is not allowed. ${allowed(parameterNames)}`);
      }
    }

    const filters: Record<string, number[] | string[] | [Date]> = {};
    if (filterNames.length > 0 && raw.filter !== undefined) {
      if (!isRecord(raw.filter)) {
        refuse('filter', `Filters are given as filter[name]=value. ${allowed(filterNames)}`);
      } else {
        for (const [name, value] of Object.entries(raw.filter)) {
          const key = `filter[${name}]`;
          const filter = definition.filters?.[name];
          if (!filter) {
            if (plain(name)) refuse(key, `The filter ${name} is not allowed. ${allowed(filterNames)}`);
            else refuse('filter', `This filter is not allowed. ${allowed(filterNames)}`);
            continue;
          }
          const given = text(key, value);
          if (given === undefined) continue;
          if (filter.kind === 'timestamp') {
            const moment = given.trim();
            if (moment === '') continue;
            const date = MOMENT.test(moment) ? new Date(moment) : null;
            if (date && !Number.isNaN(date.getTime())) filters[name] = [date];
            else refuse(key, `The ${key} must be one ISO 8601 moment with its offset, e.g. 2026-03-02T15:04:05Z.`);
            continue;
          }
          const values = terms(given);
          if (values.length === 0) continue; // an empty filter is no filter
          if (filter.kind === 'integer') {
            if (values.every((item) => WHOLE.test(item) && Number(item) <= INT4_MAX)) filters[name] = values.map(Number);
            else refuse(key, `The ${key} must be whole numbers, separated by commas.`);
          } else {
            filters[name] = values;
          }
        }
      }
    }

    let pageRequest: PageRequest = { number: 1, size: page?.defaultSize ?? DEFAULT_PER_PAGE };
    if (page && raw.page !== undefined) {
      if (!isRecord(raw.page)) {
        refuse('page', 'The page is given as page[number] and page[size].');
      } else {
        for (const [name, value] of Object.entries(raw.page)) {
          const key = `page[${name}]`;
          if (name !== 'number' && name !== 'size') {
            if (plain(name)) refuse(key, `The page parameter ${name} is not allowed. ${allowed(['number', 'size'])}`);
            else refuse('page', `This page parameter is not allowed. ${allowed(['number', 'size'])}`);
            continue;
          }
          const given = text(key, value);
          if (given === undefined || given === '') continue;
          const max = name === 'size' ? page.maxSize : INT4_MAX;
          const number = WHOLE.test(given) ? Number(given) : Number.NaN;
          if (!(number >= 1 && number <= max)) {
            refuse(key, name === 'size' ? `The ${key} must be a whole number from 1 to ${max}.` : `The ${key} must be a whole number of at least 1.`);
            continue;
          }
          pageRequest = { ...pageRequest, [name]: number };
        }
      }
    }

    let sort = defaultSort;
    if (sorts.length > 0 && raw.sort !== undefined) {
      const given = text('sort', raw.sort);
      if (given !== undefined) {
        const parsed = parseSort(given, sorts);
        for (const field of parsed.unknown) {
          const named = plain(field) ? `The sort field ${field}` : field ? 'This sort field' : 'The sort field -';
          refuse('sort', `${named} is not allowed; put - in front of a field to sort descending. ${allowed(sorts)}`);
        }
        if (parsed.terms.length > 0) sort = parsed.terms;
      }
    }

    const pickTerms = (key: 'include' | 'append', names: readonly string[], label: string): Set<string> => {
      const picked = new Set<string>();
      if (names.length === 0 || raw[key] === undefined) return picked;
      const given = text(key, raw[key]);
      if (given === undefined) return picked;
      for (const term of terms(given)) {
        if (names.includes(term)) picked.add(term);
        else refuse(key, `${plain(term) ? `The ${label} ${term}` : `This ${label}`} is not allowed. ${allowed(names)}`);
      }
      return picked;
    };
    const includeSet = pickTerms('include', includes, 'include');
    const appendSet = pickTerms('append', appends, 'append');

    const params: Record<string, string> = {};
    for (const name of paramNames) {
      if (raw[name] === undefined) continue;
      const given = text(name, raw[name]);
      if (given === undefined || given === '') continue;
      const values = definition.params?.[name]?.values;
      if (values && !values.includes(given))
        refuse(name, `${plain(given) ? `The ${name} value ${given}` : `This ${name} value`} is not allowed. ${allowed(values)}`);
      else params[name] = given;
    }

    if (Object.keys(errors).length > 0) throw invalid(errors, 400);
    return {
      filters,
      sort,
      includes: includeSet,
      appends: appendSet,
      page: pageRequest,
      params,
    } as unknown as ParsedListQuery<D>;
  }

  return {
    definition,
    querystring: querystringSchema(definition),
    parse,
    async preValidation(request) {
      parsedByRequest.set(request, parse(request.query));
    },
    from(request) {
      return parsedByRequest.get(request) ?? parse(request.query);
    },
  };
}
