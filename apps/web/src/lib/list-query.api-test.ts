import { PortalEntityPageSchema, PortalEntitySchema } from '@portal/contract';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { apiBase, apiRequest, ApiRequestError } from './api-client';
import { authToken } from './auth-token';
import { listQueryParams, withPage } from './list-query';

beforeEach(() => {
  authToken.set(inject('caseyToken'));
});

const decoded = (params: URLSearchParams) => decodeURIComponent(params.toString());

describe('listQueryParams', () => {
  it('sends each part only when it has a value', () => {
    expect(listQueryParams().toString()).toBe('');
    expect(
      listQueryParams({
        filter: { company_id: undefined, status: null, model_type: '', tags: [] },
        page: { number: null, size: undefined },
        sort: [],
        append: '',
        include: null,
        params: { search: '', view: undefined },
      }).toString(),
    ).toBe('');
  });

  it('comma-joins lists and writes filter[...] and page[...] keys', () => {
    const params = listQueryParams({
      filter: { company_id: [1, 2], status: 'paid,overdue', model_type: 'project' },
      page: { number: 2, size: 50 },
      sort: ['-created_at', 'id'],
      append: ['balance_label'],
      include: ['model', 'company'],
      params: { search: 'roof', archived: false },
    });
    expect(decoded(params)).toBe(
      'filter[company_id]=1,2&filter[status]=paid,overdue&filter[model_type]=project&page[number]=2&page[size]=50' +
        '&sort=-created_at,id&append=balance_label&include=model,company&search=roof&archived=false',
    );
  });

  it('moves a query to another page, keeping the rest', () => {
    const query = { filter: { company_id: 1 }, page: { size: 5 }, include: 'model' };
    expect(withPage(query, 3)).toEqual({ filter: { company_id: 1 }, page: { size: 5, number: 3 }, include: 'model' });
    expect(withPage(query, 1, 100).page).toEqual({ size: 100, number: 1 });
  });
});

describe('the API client against the real server', () => {
  it('reads the configured API base', () => {
    expect(apiBase()).toBe(`${inject('apiUrl')}/api`);
  });

  it('reads the first-entity lookup of docs/requirements.md 8.2: page[size]=1, page[number]=1, filter[company_id]', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    // The client no longer parses answers (decision 015); the test does, so the server's answers are held to the contract.
    const all = PortalEntityPageSchema.parse(await apiRequest('/entities', { query: listQueryParams({ include: 'company' }) }));
    const companyId = all.data.at(-1)!.company_id;

    const page = PortalEntityPageSchema.parse(
      await apiRequest('/entities', { query: listQueryParams({ page: { size: 1, number: 1 }, filter: { company_id: companyId } }) }),
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0]!.company_id).toBe(companyId);
    const [url, init] = fetchSpy.mock.calls.at(-1)!;
    expect(String(url)).toBe(`${inject('apiUrl')}/api/entities?filter%5Bcompany_id%5D=${companyId}&page%5Bnumber%5D=1&page%5Bsize%5D=1`);
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${inject('caseyToken')}`);
    expect((init?.headers as Record<string, string>).Accept).toBe('application/json');
  });

  it('sorts and includes as asked', async () => {
    const page = PortalEntityPageSchema.parse(await apiRequest('/entities', { query: listQueryParams({ sort: ['-id'], include: ['model', 'company'] }) }));
    const ids = page.data.map((entity) => entity.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.data[0]!.model).toBeTruthy();
    expect(page.data[0]!.company).toBeTruthy();

    const entity = PortalEntitySchema.parse(await apiRequest(`/entities/${ids[0]}`, { query: listQueryParams({ include: ['model', 'company'] }) }));
    expect(entity.model?.status).toBeTruthy();
  });

  it('sends custom parameters, which the server refuses where it does not declare them', async () => {
    const refused = await apiRequest('/entities', { query: listQueryParams({ params: { search: 'roof' } }) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).status).toBe(400);
    expect((refused as ApiRequestError).fieldErrors()).toEqual({
      search: ['The query parameter search is not allowed. Allowed: filter, page, sort, include'],
    });
  });
});
