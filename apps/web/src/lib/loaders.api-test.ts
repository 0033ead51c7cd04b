import { CompanySchema, paginatedSchema, PortalEntitySchema, type Company, type PortalEntity } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { authToken } from './auth-token';
import {
  allQueryOptions,
  assertQueryKey,
  BATCH_PAGE_SIZE,
  batchQueryOptions,
  fetchAll,
  fetchBatch,
  fetchPages,
  hashQueryKey,
  listQueryKey,
  pagedQueryOptions,
  QUERY_KEY_OBJECT_ERROR,
  singleQueryOptions,
} from './loaders';

// The loaders no longer parse answers (decision 015): these tests parse them with the contract's
// schemas, so the server's answers are held to the contract.
const entities = (items: PortalEntity[]) => PortalEntitySchema.array().parse(items);
const entityPage = paginatedSchema(PortalEntitySchema);

/** Casey's entity ids in id order, read once from the server. */
let caseyIds: number[];

beforeEach(async () => {
  authToken.set(inject('caseyToken'));
  if (!caseyIds) caseyIds = entities(await fetchAll<PortalEntity>('/entities')).map((entity) => entity.id);
});

/** The URLs the client asked for, through the real fetch. */
function recordRequests() {
  const spy = vi.spyOn(globalThis, 'fetch');
  return {
    urls: () => spy.mock.calls.map(([url]) => decodeURIComponent(String(url)).replace(`${inject('apiUrl')}/api`, '')),
    count: () => spy.mock.calls.length,
  };
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000, queryKeyHashFn: hashQueryKey } } });

describe('single fetch', () => {
  it('reads one record once and serves it from the cache after', async () => {
    const requests = recordRequests();
    const client = newClient();
    const options = singleQueryOptions<PortalEntity>(`/entities/${caseyIds[0]}`, { include: ['model', 'company'] });
    const first = await client.fetchQuery(options);
    const second = await client.fetchQuery(options);
    expect(second).toBe(first);
    PortalEntitySchema.parse(first);
    expect(first).toMatchObject({ id: caseyIds[0], model: { status: expect.any(Object) }, company: expect.any(Object) });
    expect(requests.urls()).toEqual([`/entities/${caseyIds[0]}?include=model,company`]);
  });

  it('reads a company with its theme', async () => {
    const entity = PortalEntitySchema.parse(await newClient().fetchQuery(singleQueryOptions<PortalEntity>(`/entities/${caseyIds[0]}`)));
    const company = CompanySchema.parse(
      await newClient().fetchQuery(singleQueryOptions<Company>(`/companies/${entity.company_id}`, { include: 'portal_theme' })),
    );
    expect(company.portal_theme?.code).toBeTruthy();
  });
});

describe('paged fetch', () => {
  it('starts at page 1 and follows next_page_url to the end', async () => {
    const requests = recordRequests();
    const pages = [];
    for await (const page of fetchPages<PortalEntity>('/entities', { page: { size: 1 } })) pages.push(entityPage.parse(page));
    expect(pages.map((page) => page.current_page)).toEqual(caseyIds.map((_, index) => index + 1));
    expect(pages.flatMap((page) => page.data.map((entity) => entity.id))).toEqual(caseyIds);
    expect(pages.at(-1)!.next_page_url).toBeNull();
    expect(requests.urls()).toEqual(caseyIds.map((_, index) => `/entities?page[number]=${index + 1}&page[size]=1`));
  });

  it('drives an infinite query: the next page while next_page_url is present', async () => {
    const client = newClient();
    const options = pagedQueryOptions<PortalEntity>('/entities', { page: { size: 3 }, include: 'model' });
    const result = await client.fetchInfiniteQuery({ ...options, pages: 10 });
    expect(result.pageParams).toEqual([1, 2]);
    result.pages.forEach((page) => entityPage.parse(page));
    expect(result.pages.flatMap((page) => page.data.map((entity) => entity.id))).toEqual(caseyIds);
    expect(result.pages[0]!.data[0]!.model).toBeTruthy();
  });
});

describe('fetch all', () => {
  it('reads every page until none remain', async () => {
    const requests = recordRequests();
    const all = entities(await fetchAll<PortalEntity>('/entities', { page: { size: 2 } }));
    expect(all.map((entity) => entity.id)).toEqual(caseyIds);
    expect(requests.count()).toBe(Math.ceil(caseyIds.length / 2));
  });

  it('stops once the requested size is reached', async () => {
    const requests = recordRequests();
    const some = entities(await fetchAll<PortalEntity>('/entities', { page: { size: 1 } }, { size: 2 }));
    expect(some.map((entity) => entity.id)).toEqual(caseyIds.slice(0, 2));
    expect(requests.count()).toBe(2);

    const client = newClient();
    const viaQuery = entities(await client.fetchQuery(allQueryOptions<PortalEntity>('/entities', { sort: '-id' }, 3)));
    expect(viaQuery.map((entity) => entity.id)).toEqual([...caseyIds].reverse().slice(0, 3));
  });
});

describe('batch fetch', () => {
  it('reads 100 a page by default', async () => {
    const requests = recordRequests();
    const all = entities(await newClient().fetchQuery(batchQueryOptions<PortalEntity>('/entities', { filter: { model_type: 'project' } })));
    expect(BATCH_PAGE_SIZE).toBe(100);
    expect(all.map((entity) => entity.id)).toEqual(caseyIds);
    expect(requests.urls()).toEqual(['/entities?filter[model_type]=project&page[number]=1&page[size]=100']);
  });

  it('reads the first page, then pages 2 to last_page in parallel, in page order', async () => {
    const realFetch = globalThis.fetch;
    const seen: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push(decodeURIComponent(String(input)).replace(`${inject('apiUrl')}/api`, ''));
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        return await realFetch(input, init);
      } finally {
        inFlight -= 1;
      }
    });
    const requests = { urls: () => seen };
    const all = entities(await fetchBatch<PortalEntity>('/entities', { sort: '-id' }, { pageSize: 1 }));
    expect(all.map((entity) => entity.id)).toEqual([...caseyIds].reverse());
    const urls = requests.urls();
    expect(urls[0]).toBe('/entities?page[number]=1&page[size]=1&sort=-id');
    expect(urls.slice(1).sort()).toEqual(
      caseyIds
        .slice(1)
        .map((_, index) => `/entities?page[number]=${index + 2}&page[size]=1&sort=-id`)
        .sort(),
    );
    expect(mostInFlight).toBe(caseyIds.length - 1);
  });
});

describe('query keys', () => {
  it('are plain strings', () => {
    const key = listQueryKey('/entities', { filter: { company_id: 1 }, include: ['model'] });
    expect(key).toEqual(['/entities', 'filter%5Bcompany_id%5D=1&include=model']);
    expect(key.every((part) => typeof part === 'string')).toBe(true);
    expect(singleQueryOptions<PortalEntity>('/entities/1').queryKey).toEqual(['/entities/1', '']);
  });

  it('throw the message of docs/requirements.md 6.1 when a key holds an object', async () => {
    expect(() => assertQueryKey(['entities', { id: 1 }])).toThrowError(new Error(QUERY_KEY_OBJECT_ERROR));
    expect(() => assertQueryKey(['entities', ['a']])).toThrowError(QUERY_KEY_OBJECT_ERROR);
    expect(() => assertQueryKey(['entities', 1, null, undefined, true])).not.toThrow();
    expect(QUERY_KEY_OBJECT_ERROR).toBe('[portal] Query keys should not contain objects, only strings');
    // A QueryClient hashing with hashQueryKey refuses such a key before anything is fetched.
    const client = newClient();
    await expect((async () => client.fetchQuery({ queryKey: ['entities', { id: 1 }], queryFn: () => 1 }))()).rejects.toThrowError(QUERY_KEY_OBJECT_ERROR);
  });
});
