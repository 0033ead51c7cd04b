import { ApiErrorSchema, PortalEntityPageSchema, PortalEntitySchema, type PortalEntityPage } from '@portal/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useDemoApp } from '../../../test/suite';
import { portalEntities, projects } from '../../db/schema';
import { bearer, demoIds, shareProjects } from '../../../test/portal-users';

const PUBLIC_URL = 'https://portal.example.com';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const StrictError = z.strictObject(ApiErrorSchema.shape);

const t = useDemoApp({ env: { PUBLIC_URL } });
/** Casey's entity t.ids in id order: the demo's four and two more at Acme (six, like the example of docs/requirements.md 8.4). */
let caseyIds: number[];
let nicoOther: { otherType: number; foreignProject: number };

beforeAll(async () => {
  await shareProjects(t.app, { userId: t.ids.casey.id, companyId: t.ids.acme.id, count: 2 });
  caseyIds = (await demoIds(t.app)).caseyEntities.map((entity) => entity.id);

  // Two entities of Nico's whose model cannot be shown: an unknown kind, and a project of another company.
  const [brightsideProject] = await t.database.db.insert(projects).values({ company_id: t.ids.brightside.id, name: 'Not Acme' }).returning({ id: projects.id });
  const [otherType, foreignProject] = await t.database.db
    .insert(portalEntities)
    .values([
      { portal_user_id: t.ids.nico.id, company_id: t.ids.acme.id, model_type: 'proposal', model_id: 1 },
      { portal_user_id: t.ids.nico.id, company_id: t.ids.acme.id, model_type: 'project', model_id: brightsideProject!.id },
    ])
    .returning({ id: portalEntities.id });
  nicoOther = { otherType: otherType!.id, foreignProject: foreignProject!.id };
});

const get = (url: string, token: string | null = t.casey) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function page(url: string, token: string = t.casey): Promise<PortalEntityPage> {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return strictly(PortalEntityPageSchema, response.json());
}

/**
 * Parses an answer with its contract schema and insists nothing was dropped: these routes
 * serialize without a zod pass (decision 016), so the tests are where the shape is held.
 */
function strictly<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.parse(body);
  expect(parsed).toStrictEqual(body);
  return parsed;
}

async function refused(url: string, status = 400) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(status);
  return StrictError.parse(response.json());
}

describe('GET /api/entities: the Laravel page', () => {
  it('answers exactly the page shape of docs/requirements.md 8.4', async () => {
    const response = await get('/api/entities?include=model&page[size]=2&page[number]=2');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    const url = (n: number) => `${PUBLIC_URL}/api/entities?include=model&page%5Bsize%5D=2&page%5Bnumber%5D=${n}`;
    // Key order as Laravel writes it.
    expect(Object.keys(body)).toEqual([
      'current_page',
      'data',
      'first_page_url',
      'from',
      'last_page',
      'last_page_url',
      'links',
      'next_page_url',
      'path',
      'per_page',
      'prev_page_url',
      'to',
      'total',
    ]);
    expect({ ...body, data: undefined }).toEqual({
      current_page: 2,
      data: undefined,
      first_page_url: url(1),
      from: 3,
      last_page: 3,
      last_page_url: url(3),
      links: [
        { url: url(1), label: '&laquo; Previous', active: false },
        { url: url(1), label: '1', active: false },
        { url: url(2), label: '2', active: true },
        { url: url(3), label: '3', active: false },
        { url: url(3), label: 'Next &raquo;', active: false },
      ],
      next_page_url: url(3),
      path: `${PUBLIC_URL}/api/entities`,
      per_page: 2,
      prev_page_url: url(1),
      to: 4,
      total: 6,
    });
    const data = body.data as Record<string, unknown>[];
    expect(data.map((item) => item.id)).toEqual(caseyIds.slice(2, 4));
    expect(Object.keys(data[0]!)).toEqual(['id', 'portal_user_id', 'company_id', 'model_type', 'model_id', 'scope', 'created_at', 'updated_at', 'model']);
    expect(data[0]).toMatchObject({ portal_user_id: t.ids.casey.id, model_type: 'project', scope: 'customer', model: { name: 'Roof replacement' } });
  });

  it('defaults to 30 a page, page 1, in id order', async () => {
    const body = await page('/api/entities');
    const first = `${PUBLIC_URL}/api/entities?page%5Bnumber%5D=1`;
    expect(body).toMatchObject({
      current_page: 1,
      per_page: 30,
      from: 1,
      to: 6,
      total: 6,
      last_page: 1,
      first_page_url: first,
      last_page_url: first,
      next_page_url: null,
      prev_page_url: null,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: first, label: '1', active: true },
        { url: null, label: 'Next &raquo;', active: false },
      ],
    });
    expect(body.data.map((item) => item.id)).toEqual(caseyIds);
    expect(body.data[0]).not.toHaveProperty('model');
    expect(body.data[0]).not.toHaveProperty('company');
  });

  it('answers an empty page past the end', async () => {
    const body = await page('/api/entities?page[size]=2&page[number]=5');
    expect(body).toMatchObject({ current_page: 5, data: [], from: null, to: null, total: 6, last_page: 3, next_page_url: null });
    expect(body.prev_page_url).toBe(`${PUBLIC_URL}/api/entities?page%5Bsize%5D=2&page%5Bnumber%5D=4`);
  });

  it('keeps every other parameter, in order, in the page URLs', async () => {
    const body = await page(`/api/entities?filter[company_id]=${t.ids.acme.id}&sort=-id&include=model,company&page[size]=2`);
    expect(body.next_page_url).toBe(
      `${PUBLIC_URL}/api/entities?filter%5Bcompany_id%5D=${t.ids.acme.id}&sort=-id&include=model%2Ccompany&page%5Bsize%5D=2&page%5Bnumber%5D=2`,
    );
    expect(body.total).toBe(5);
  });

  it('embeds the project and company with every field of the contract', async () => {
    const body = await page('/api/entities?include=model,company,model.status,model.account,model.company,model.cover_photo');
    const kitchen = body.data[0]!;
    expect(kitchen.created_at).toMatch(TIMESTAMP);
    expect(kitchen.model).toMatchObject({
      name: 'Kitchen remodel',
      number: 'ACM-1042',
      rep_primary_name: 'Dana Whitfield',
      // Acme invoices through the portal: the money is that of the kitchen's sent invoices (decision 035).
      financials_total_amount: '119437.90',
      financials_balance_amount: '47050.52',
      address_latitude: '30.3098100',
      address_longitude: '-97.7255300',
      status: { name: 'In progress', color: '#d97706' },
      cover_photo: {
        caption: 'The old kitchen before we started',
        width: 1200,
        height: 900,
        url: expect.stringMatching(/\/api\/images\/\d+\?aud=p\d+&exp=\d+&sig=/),
      },
      account: { name: 'Casey Morgan', billing_address_latitude: '30.3098100' },
      company: { id: t.ids.acme.id, logo_url: `${PUBLIC_URL}/brand/acme.svg` },
    });
    expect(kitchen.model?.created_at).toMatch(TIMESTAMP);
    expect(kitchen.company).toMatchObject({
      id: t.ids.acme.id,
      name: 'Acme Builders',
      color: '#c2410c',
      logo_url: `${PUBLIC_URL}/brand/acme.svg`,
      is_portal_project_notes_enabled: true,
    });
    expect(kitchen.company).not.toHaveProperty('portal_theme');
    // A missing balance is null, never "0.00" or a number (a project with no invoices keeps the company's figures).
    const extra = body.data.find((item) => item.model?.number === 'X-1')!;
    expect(extra.model).toMatchObject({ name: 'Extra project 1', financials_total_amount: '100.00', financials_balance_amount: null });
    const brightside = body.data.find((item) => item.company_id === t.ids.brightside.id)!;
    expect(brightside.company).toMatchObject({ name: 'Brightside Remodeling', is_portal_invoicing_enabled: false, is_portal_album_sharing_enabled: false });
  });

  it('includes only what is asked for; model.* implies model', async () => {
    const plain = await page('/api/entities?include=model');
    expect(Object.keys(plain.data[0]!.model!)).not.toEqual(expect.arrayContaining(['status']));
    for (const key of ['status', 'account', 'company', 'cover_photo']) expect(plain.data[0]!.model).not.toHaveProperty(key);
    expect(plain.data[0]).not.toHaveProperty('company');

    const status = await page('/api/entities?include=model.status');
    expect(status.data[0]!.model).toMatchObject({ name: 'Kitchen remodel', status: { name: 'In progress' } });
    expect(status.data[0]!.model).not.toHaveProperty('account');
  });

  it('filters by company and model type; a comma means any of; an empty filter is no filter', async () => {
    const brightside = await page(`/api/entities?filter[company_id]=${t.ids.brightside.id}`);
    expect(brightside.data.map((item) => item.company_id)).toEqual([t.ids.brightside.id]);
    const both = await page(`/api/entities?filter[company_id]=${t.ids.acme.id},${t.ids.brightside.id}`);
    expect(both.total).toBe(6);
    expect((await page('/api/entities?filter[company_id]=')).total).toBe(6);
    expect((await page('/api/entities?filter[model_type]=project')).total).toBe(6);
    expect((await page('/api/entities?filter[model_type]=proposal')).total).toBe(0);
    expect((await page('/api/entities?filter[model_type]=proposal', t.nico)).data.map((item) => item.id)).toEqual([nicoOther.otherType]);
    // The first-entity lookup of docs/requirements.md 8.2.
    const first = await page(`/api/entities?page[size]=1&page[number]=1&filter[company_id]=${t.ids.acme.id}`);
    expect(first.data.map((item) => item.id)).toEqual([caseyIds[0]]);
    expect(first.last_page).toBe(5);
  });

  it('sorts by id, created_at and updated_at, - for descending, comma-joined', async () => {
    expect((await page('/api/entities?sort=-id')).data.map((item) => item.id)).toEqual([...caseyIds].reverse());
    const byCreated = (await page('/api/entities?sort=-created_at')).data;
    const created = byCreated.map((item) => item.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const byUpdated = (await page('/api/entities?sort=updated_at,-id')).data.map((item) => item.updated_at);
    expect(byUpdated).toEqual([...byUpdated].sort());
  });

  it('reads a bounded number of queries whatever the page size (no N+1)', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const include = 'include=model,company,model.status,model.account,model.company';
    // Warm: the session is verified (and cached) once.
    await get(`/api/entities?${include}`);
    const spy = vi.spyOn(client, 'query');
    // The page's own reads. The change feed's heartbeat (a pg_notify every few seconds) may fall inside the request,
    // and on a loaded machine a late heartbeat turns the session cache off for a moment (the session is then read
    // from its table): neither depends on the page size.
    const requestQueries = () => spy.mock.calls.filter(([text]) => !/pg_notify|\bsessions\b/.test(JSON.stringify(text))).length;
    await page(`/api/entities?${include}&page[size]=1`);
    const one = requestQueries();
    spy.mockClear();
    await page(`/api/entities?${include}&page[size]=6`);
    const six = requestQueries();
    spy.mockRestore();
    // The page with its projects, companies, the money of their invoices (decision 035) and the total
    // in one query; the session comes from memory.
    expect(one).toBe(1);
    expect(six).toBe(1);
  });
});

describe('GET /api/entities: refused queries name what is allowed', () => {
  const allowedParams = 'Allowed: filter, page, sort, include';
  const allowedIncludes = 'Allowed: model, company, model.status, model.cover_photo, model.account, model.company, model.latest_activity';

  it('refuses an undeclared parameter, append included', async () => {
    expect(await refused('/api/entities?foo=1')).toEqual({
      message: 'The given data was invalid.',
      errors: { foo: [`The query parameter foo is not allowed. ${allowedParams}`] },
    });
    expect((await refused('/api/entities?append=balance_label')).errors).toEqual({
      append: [`The query parameter append is not allowed. ${allowedParams}`],
    });
  });

  it('refuses an unknown filter, sort field or include', async () => {
    expect((await refused('/api/entities?filter[status]=paid')).errors).toEqual({
      'filter[status]': ['The filter status is not allowed. Allowed: company_id, model_type'],
    });
    expect((await refused('/api/entities?sort=-name,id')).errors).toEqual({
      sort: ['The sort field name is not allowed; put - in front of a field to sort descending. Allowed: id, created_at, updated_at'],
    });
    expect((await refused('/api/entities?include=model,photos')).errors).toEqual({
      include: [`The include photos is not allowed. ${allowedIncludes}`],
    });
  });

  it.each([
    ['page[size]=0', 'page[size]', 'The page[size] must be a whole number from 1 to 100.'],
    ['page[size]=101', 'page[size]', 'The page[size] must be a whole number from 1 to 100.'],
    ['page[size]=abc', 'page[size]', 'The page[size] must be a whole number from 1 to 100.'],
    ['page[size]=1.5', 'page[size]', 'The page[size] must be a whole number from 1 to 100.'],
    ['page[number]=0', 'page[number]', 'The page[number] must be a whole number of at least 1.'],
    ['page[number]=-2', 'page[number]', 'The page[number] must be a whole number of at least 1.'],
    ['page[foo]=1', 'page[foo]', 'The page parameter foo is not allowed. Allowed: number, size'],
    ['page=2', 'page', 'The page is given as page[number] and page[size].'],
    ['filter[company_id]=abc', 'filter[company_id]', 'The filter[company_id] must be whole numbers, separated by commas.'],
    ['filter=1', 'filter', 'Filters are given as filter[name]=value. Allowed: company_id, model_type'],
    ['sort=id&sort=-id', 'sort', 'The sort parameter must be given once, as text.'],
  ])('refuses %s', async (query, key, message) => {
    expect(await refused(`/api/entities?${query}`)).toEqual({ message: 'The given data was invalid.', errors: { [key]: [message] } });
  });

  it('lists every problem at once', async () => {
    const body = await refused('/api/entities?foo=1&filter[x]=1&sort=nope&include=bad&page[size]=0');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['filter[x]', 'foo', 'include', 'page[size]', 'sort']);
  });

  it('asks for a token before it looks at the query', async () => {
    const response = await get('/api/entities?foo=1', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('GET /api/entities/{id}', () => {
  it('answers the entity with its project (status, cover photo, account, company) and its company', async () => {
    const response = await get(`/api/entities/${caseyIds[0]}?include=model,company`);
    expect(response.statusCode).toBe(200);
    const entity = strictly(PortalEntitySchema, response.json());
    expect(entity).toMatchObject({
      id: caseyIds[0],
      company_id: t.ids.acme.id,
      model: {
        name: 'Kitchen remodel',
        rep_primary_name: 'Dana Whitfield',
        status: { name: 'In progress' },
        cover_photo: {
          caption: 'The old kitchen before we started',
          width: 1200,
          height: 900,
          url: expect.stringMatching(/\/api\/images\/\d+\?aud=p\d+&exp=\d+&sig=/),
        },
        account: { name: 'Casey Morgan' },
        company: { id: t.ids.acme.id, name: 'Acme Builders' },
      },
      company: { id: t.ids.acme.id, logo_url: `${PUBLIC_URL}/brand/acme.svg`, is_portal_invoicing_enabled: true },
    });
  });

  it('answers the bare entity without include', async () => {
    const response = await get(`/api/entities/${caseyIds[3]}`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['id', 'portal_user_id', 'company_id', 'model_type', 'model_id', 'scope', 'created_at', 'updated_at']);
  });

  it('answers model null for a model that is not a project, or a project of another company', async () => {
    for (const id of [nicoOther.otherType, nicoOther.foreignProject]) {
      const response = await get(`/api/entities/${id}?include=model,company`, t.nico);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, model: null, company: { id: t.ids.acme.id } });
    }
  });

  it('refuses an unknown include and a malformed id with 400', async () => {
    expect((await refused(`/api/entities/${caseyIds[0]}?include=notes`)).errors).toEqual({
      include: [
        'The include notes is not allowed. Allowed: model, company, model.status, model.cover_photo, model.account, model.company, model.latest_activity',
      ],
    });
    expect((await refused(`/api/entities/${caseyIds[0]}?page[size]=1`)).errors).toEqual({
      page: ['The query parameter page is not allowed. Allowed: include'],
    });
    expect(await refused('/api/entities/abc')).toMatchObject({ message: 'The given data was invalid.', errors: { id: [expect.any(String)] } });
  });
});

describe('isolation: a user reaches only their own entities', () => {
  it("answers another user's entity exactly as one that does not exist", async () => {
    const nicosEntity = t.ids.nicoEntities[0]!.id;
    const theirs = await get(`/api/entities/${nicosEntity}?include=model,company`);
    const missing = await get('/api/entities/999999?include=model,company');
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.body).toBe('{"message":"Not found."}');
    expect(missing.body).toBe(theirs.body);
    expect(theirs.headers['content-type']).toBe(missing.headers['content-type']);

    // And the other way round.
    expect((await get(`/api/entities/${caseyIds[0]}`, t.nico)).statusCode).toBe(404);
  });

  it("never lists another user's entities, whatever the filter", async () => {
    const nicoList = await page(`/api/entities?filter[company_id]=${t.ids.acme.id},${t.ids.brightside.id}&include=model`, t.nico);
    expect(nicoList.data.every((item) => item.portal_user_id === t.ids.nico.id)).toBe(true);
    expect(nicoList.total).toBe(3);
    expect((await page(`/api/entities?filter[company_id]=${t.ids.brightside.id}`, t.nico)).total).toBe(0);
  });

  it('answers 401 without a token or with a bad one', async () => {
    for (const url of ['/api/entities', `/api/entities/${caseyIds[0]}`]) {
      const none = await get(url, null);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: 'Unauthenticated.' });
      const bad = await get(url, '1.not-a-real-token');
      expect(bad.statusCode).toBe(401);
    }
  });
});
