import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { apiKeysRepository } from './api-keys.repository';

/** A company manages its own API keys (docs/company-api.md, "Keys and scopes"). */

const t = useDemoApp();
let owner: string;

beforeAll(async () => {
  owner = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'Owner')).key;
});

const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });

describe("a company's API keys", () => {
  it('makes a key for one job, shown once, listed without its secret', async () => {
    const made = await call(owner, 'POST', '/api/integration/api-keys', { name: 'Notes sync', scopes: ['notes:read', 'notes:write'] });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Notes sync', scopes: ['notes:read', 'notes:write'], key: expect.stringMatching(/^ppk_\d+_/) });
    const notesKey = made.json().key as string;
    const list = (await call(owner, 'GET', '/api/integration/api-keys')).json();
    const listed = list.data.find((key: { id: number }) => key.id === made.json().id);
    expect(listed).toMatchObject({ name: 'Notes sync', scopes: ['notes:read', 'notes:write'], revoked_at: null, expires_at: null });
    // The secret is everything after `ppk_<id>_` (base64url, which may itself hold an underscore).
    expect(JSON.stringify(list)).not.toContain(notesKey.slice(notesKey.indexOf('_', 'ppk_'.length) + 1));
    expect(JSON.stringify(list)).not.toContain('secret');
    // It does its job and nothing else.
    const project = t.ids.caseyEntities[0]!.model_id;
    expect((await call(notesKey, 'GET', `/api/integration/projects/${project}/notes`)).statusCode).toBe(200);
    const refused = await call(notesKey, 'GET', '/api/integration/api-keys');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key lacks the scope api_keys:read.');
  });

  it('never gives a scope its maker lacks; by default gives the maker’s own', async () => {
    const limited = (
      await call(owner, 'POST', '/api/integration/api-keys', { name: 'Key maker', scopes: ['notes:read', 'api_keys:write', 'api_keys:read'] })
    ).json().key as string;
    const stronger = await call(limited, 'POST', '/api/integration/api-keys', { name: 'Stronger', scopes: ['notes:read', 'company:write'] });
    expect(stronger.statusCode).toBe(422);
    expect(stronger.json().errors).toEqual({ scopes: ['A key cannot give scopes it does not have: company:write.'] });
    const same = await call(limited, 'POST', '/api/integration/api-keys', { name: 'Same' });
    expect(same.statusCode).toBe(201);
    expect([...same.json().scopes].sort()).toEqual(['api_keys:read', 'api_keys:write', 'notes:read']);
  });

  it('refuses an expiry in the past and keeps one in the future', async () => {
    expect((await call(owner, 'POST', '/api/integration/api-keys', { name: 'Old', expires_at: '2020-01-01T00:00:00Z' })).statusCode).toBe(422);
    const later = await call(owner, 'POST', '/api/integration/api-keys', { name: 'Temp', expires_at: '2099-01-01T00:00:00Z' });
    expect(later.statusCode).toBe(201);
    const listed = (await call(owner, 'GET', '/api/integration/api-keys')).json().data.find((key: { id: number }) => key.id === later.json().id);
    expect(listed.expires_at).toBe('2099-01-01T00:00:00.000000Z');
  });

  it('revokes a key at once; another company’s key is 404', async () => {
    const made = (await call(owner, 'POST', '/api/integration/api-keys', { name: 'Leaked' })).json();
    expect((await call(made.key, 'GET', '/api/integration/company')).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/integration/api-keys/${made.id}/revoke`)).statusCode).toBe(204);
    expect((await call(made.key, 'GET', '/api/integration/company')).statusCode).toBe(401);
    const theirs = await apiKeysRepository(t.app.database.db).create(t.ids.brightside.id, 'Theirs');
    expect((await call(owner, 'POST', `/api/integration/api-keys/${theirs.id}/revoke`)).statusCode).toBe(404);
    expect((await call(theirs.key, 'GET', '/api/integration/company')).statusCode).toBe(200);
  });
});
