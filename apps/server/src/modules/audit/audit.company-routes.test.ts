import type { AuditActorList, AuditEntry, AuditEntryPage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useTestApp } from '../../../test/suite';
import { auditLog } from '../../db/schema';
import { loadSecret, OPERATOR_SECRET_FILE } from '../../lib/secret-file';
import { operatorToken } from '../../lib/tokens';

/** The audit log (docs/decisions/049-audit-log.md): every kind of caller leaves a row naming it; nothing else does. */

const t = useTestApp();
let operator: Record<string, string>;
let a: { id: number; key: string; keyId: number; ownerId: number; owner: string; ownerEmail: string };
let b: { id: number; key: string };

async function newCompany(name: string, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/operator/companies',
    headers: operator,
    payload: { name, owner_email: email, owner_name: `${name} Owner` },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json();
  const token = new URL(created.owner.invitation_url).searchParams.get('token')!;
  const accepted = await t.app.inject({ method: 'POST', url: '/api/staff/auth/invitation', payload: { token, password: 'a-long-password-1' } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return {
    id: created.company.id as number,
    key: created.api_key.key as string,
    keyId: created.api_key.id as number,
    ownerId: created.owner.id as number,
    owner: accepted.json().token as string,
    ownerEmail: email,
  };
}

const log = async (query = '', token = a.owner) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/integration/audit-log${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditEntryPage;
};
const newest = async (): Promise<AuditEntry> => (await log()).data[0]!;
const rowCount = async () => (await t.app.database.db.select({ id: auditLog.id }).from(auditLog)).length;

beforeAll(async () => {
  operator = bearer(operatorToken(await loadSecret({ dataDir: t.dataDir, name: OPERATOR_SECRET_FILE })));
  a = await newCompany('Audit Builders', 'owner@audit.example');
  b = await newCompany('Other Builders', 'owner@other.example');
});

describe('who did it', () => {
  it('names the operator who made the company, and the owner who accepted the invitation', async () => {
    const { data } = await log('?sort=id');
    expect(data.map((entry) => [entry.action, entry.actor.kind, entry.actor.label])).toEqual([
      ['operatorCreateCompany', 'operator', 'Operator'],
      ['acceptStaffInvitation', 'staff', 'Audit Builders Owner'],
    ]);
    expect(data[0]!.target).toBeNull();
    expect(data[1]).toMatchObject({ method: 'POST', route: '/api/staff/auth/invitation', status: 200, actor: { id: a.ownerId } });
    expect(data[1]!.request_id).toEqual(expect.any(String));
    expect(data[1]!.ip).toEqual(expect.any(String));
  });

  it('names the API key by its name and public prefix, and the record the route named', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/integration/accounts', headers: bearer(a.key), payload: { name: 'Harbour Homes' } });
    expect(response.statusCode, response.body).toBe(201);
    const entry = await newest();
    expect(entry).toMatchObject({
      actor: { kind: 'api_key', id: a.keyId, label: expect.stringContaining(`ppk_${a.keyId}`) },
      action: 'createAccount',
      summary: expect.any(String),
      method: 'POST',
      route: '/api/integration/accounts',
      target: { kind: 'account', id: response.json().id },
      status: 201,
    });
    expect(JSON.stringify(entry)).not.toContain(a.key.split('_').slice(2).join('_'));
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/integration/accounts/${response.json().id}`,
      headers: bearer(a.key),
      payload: { name: 'Harbour' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'updateAccount',
      route: '/api/integration/accounts/:id',
      target: { kind: 'account', id: response.json().id },
    });
  });

  it('names the staff member working through the company API in the console, and their sign-in and sign-out', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/integration/staff',
      headers: bearer(a.owner),
      payload: { name: 'Sam Site', email: 'sam@audit.example' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await newest()).toMatchObject({
      actor: { kind: 'staff', id: a.ownerId, label: 'Audit Builders Owner' },
      action: 'createStaffMember',
      target: { kind: 'staff', id: added.json().id },
    });
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: a.ownerEmail, password: 'a-long-password-1' } });
    expect(signedIn.statusCode).toBe(200);
    expect(await newest()).toMatchObject({ actor: { kind: 'staff', id: a.ownerId }, action: 'staffSignIn' });
    const out = await t.app.inject({ method: 'POST', url: '/api/staff/auth/logout', headers: bearer(signedIn.json().token) });
    expect(out.statusCode).toBe(204);
    expect(await newest()).toMatchObject({ actor: { kind: 'staff', id: a.ownerId }, action: 'staffSignOut', status: 204 });
  });

  it('names the operator acting on the company', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/operator/companies/${a.id}/api-keys`, headers: operator, payload: { name: 'spare' } });
    expect(response.statusCode).toBe(201);
    expect(await newest()).toMatchObject({
      actor: { kind: 'operator', id: null },
      action: 'operatorCreateApiKey',
      target: { kind: 'api_key', id: response.json().id },
    });
  });
});

describe('what is not written', () => {
  it('a refused, forbidden or failed request, a read, and a wrong password write nothing', async () => {
    const before = await rowCount();
    const refusals = [
      await t.app.inject({ method: 'POST', url: '/api/integration/accounts', headers: bearer(a.key), payload: { name: '' } }),
      await t.app.inject({ method: 'PATCH', url: '/api/integration/accounts/999999', headers: bearer(a.key), payload: { name: 'Gone' } }),
      await t.app.inject({ method: 'POST', url: '/api/integration/accounts', headers: bearer('ppk_1_nope'), payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: a.ownerEmail, password: 'not-the-password' } }),
      await t.app.inject({ method: 'GET', url: '/api/integration/accounts', headers: bearer(a.key) }),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([422, 404, 401, 422, 200]);
    expect(await rowCount()).toBe(before);
  });

  it('an idempotent replay did nothing and is not written again', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/integration/accounts',
        headers: { ...bearer(a.key), 'idempotency-key': 'audit-once' },
        payload: { name: 'Once' },
      });
    expect((await send()).statusCode).toBe(201);
    const before = await rowCount();
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await rowCount()).toBe(before);
  });
});

describe('reading it', () => {
  it('shows a company its own entries only', async () => {
    await t.app.inject({ method: 'POST', url: '/api/integration/accounts', headers: bearer(b.key), payload: { name: 'B only' } });
    const mine = await log('?page[size]=100');
    const theirs = await log('?page[size]=100', b.key);
    const mineIds = new Set(mine.data.map((entry) => entry.id));
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.some((entry) => mineIds.has(entry.id))).toBe(false);
    expect(theirs.data.every((entry) => entry.actor.label !== 'Audit Builders Owner')).toBe(true);
  });

  it('filters by actor and action, and lists the actors', async () => {
    const byKey = await log(`?filter[actor_kind]=api_key&filter[actor_id]=${a.keyId}`);
    expect(byKey.total).toBeGreaterThan(0);
    expect(byKey.data.every((entry) => entry.actor.kind === 'api_key' && entry.actor.id === a.keyId)).toBe(true);
    const creates = await log('?filter[action]=createAccount,createStaffMember');
    expect(new Set(creates.data.map((entry) => entry.action))).toEqual(new Set(['createAccount', 'createStaffMember']));
    const later = await log(`?filter[updated_since]=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    expect(later.total).toBe(0);
    const actors = (await t.app.inject({ method: 'GET', url: '/api/integration/audit-log/actors', headers: bearer(a.owner) })).json() as AuditActorList;
    expect(actors.data).toEqual(
      expect.arrayContaining([
        { kind: 'staff', id: a.ownerId, label: 'Audit Builders Owner' },
        { kind: 'api_key', id: a.keyId, label: expect.stringContaining(`ppk_${a.keyId}`) },
        { kind: 'operator', id: null, label: 'Operator' },
      ]),
    );
    const bad = await t.app.inject({ method: 'GET', url: '/api/integration/audit-log?filter[actor_kind]=robot', headers: bearer(a.owner) });
    expect(bad.statusCode).toBe(400);
  });

  it('is for owners only in the console', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/integration/staff',
      headers: bearer(a.owner),
      payload: { name: 'Pat Plain', email: 'pat@audit.example', role: 'staff' },
    });
    const staffSession = (await t.app.staffSessions.create(invited.json().id, { now: new Date() })).token;
    const response = await t.app.inject({ method: 'GET', url: '/api/integration/audit-log', headers: bearer(staffSession) });
    expect(response.statusCode).toBe(403);
  });
});
