import type { IntegrationProposalCreate, IntegrationProposalDetail, ProposalDetail, ProposalPage } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { auditLog, companies, proposalAcceptances, proposals, webhookDeliveries } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';
import { pdfText } from '../invoices/test-support';
import { sha256Hex } from '../../core/signatures/content';
import { contentHash } from './proposals.content';
import { proposalsRepository } from './proposals.repository';

/** Proposals, both sides (docs/company-api.md "Proposals", docs/decisions/063-proposal-evidence-and-signed-pdf.md). */

const START = new Date('2026-11-20T12:00:00Z');
let now = START;
const t = useDemoApp({ mail: true, now: () => now });
let acmeKey: string;
let brightsideKey: string;
let kitchen: { entity: number; project: number };
let lakeHouse: { entity: number; project: number };

beforeAll(async () => {
  const keys = apiKeysRepository(t.app.database.db);
  acmeKey = (await keys.create(t.ids.acme.id, 'crm', { scopes: ['proposals:read', 'proposals:write', 'webhooks:write'] })).key;
  brightsideKey = (await keys.create(t.ids.brightside.id, 'crm', { scopes: ['proposals:read', 'proposals:write'] })).key;
  const first = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!;
  kitchen = { entity: first.id, project: first.model_id };
  const other = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!;
  lakeHouse = { entity: other.id, project: other.model_id };
  const hook = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hooks', event_types: ['proposal.viewed', 'proposal.accepted', 'proposal.declined'] });
  expect(hook.statusCode, hook.body).toBe(201);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key = acmeKey) =>
  t.app.inject({ method, url: `/api/integration${url}`, headers: bearer(key), ...(payload === undefined ? {} : { payload: payload as object }) });

const portal = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/entities/${kitchen.entity}/proposals${url}`,
    headers: { ...bearer(t.casey), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const body = (overrides: Partial<IntegrationProposalCreate> = {}): IntegrationProposalCreate => ({
  project_id: kitchen.project,
  title: 'Kitchen remodel',
  intro: 'Thank you for the visit.',
  terms: 'Half up front.',
  expires_on: '2026-11-30',
  tax_rate: '8.25',
  sections: [
    {
      title: 'Cabinets',
      items: [
        { description: 'Base cabinets', quantity: '4', unit_price: '250.00' },
        { description: 'Soft-close hinges', quantity: '10', unit_price: '12.50', optional: true },
      ],
    },
    {
      title: 'Counters',
      items: [
        { description: 'Quartz countertop', quantity: '1', unit_price: '1500.00' },
        { description: 'Undermount sink', quantity: '1', unit_price: '300.00', optional: true },
      ],
    },
  ],
  ...overrides,
});

async function createDraft(overrides: Partial<IntegrationProposalCreate> = {}): Promise<IntegrationProposalDetail> {
  const response = await call('POST', '/proposals', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createSent(overrides: Partial<IntegrationProposalCreate> = {}): Promise<IntegrationProposalDetail> {
  const draft = await createDraft(overrides);
  const response = await call('POST', `/proposals/${draft.id}/send`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const optionalIds = (proposal: { sections: { items: { id: number; optional: boolean }[] }[] }) =>
  proposal.sections.flatMap((section) => section.items.filter((item) => item.optional).map((item) => item.id));

const accept = (id: number, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  portal('POST', `/${id}/accept`, { selected_item_ids: [], signer_name: 'Casey Jordan', consent: true, ...payload }, headers);

const fields = (response: { json(): unknown }) => Object.keys((response.json() as { errors?: Record<string, string[]> }).errors ?? {});

const deliveries = async (type: string) =>
  t.app.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.company_id, t.ids.acme.id), eq(webhookDeliveries.type, type)))
    .orderBy(asc(webhookDeliveries.id));

const withSwitch = async <T>(on: boolean, run: () => Promise<T>) => {
  await t.app.database.db.update(companies).set({ is_portal_proposals_enabled: on }).where(eq(companies.id, t.ids.acme.id));
  try {
    return await run();
  } finally {
    await t.app.database.db.update(companies).set({ is_portal_proposals_enabled: true }).where(eq(companies.id, t.ids.acme.id));
  }
};

describe('the company drafts', () => {
  it('numbers each new proposal per company, counts only required items in the total, and keeps every option in total_with_all_options', async () => {
    const first = await createDraft();
    const second = await createDraft();
    expect(second.number).toBe(first.number + 1);
    expect(first).toMatchObject({
      version: 1,
      status: 'draft',
      previous_version_id: null,
      subtotal: '2500.00',
      tax: '206.25',
      total: '2706.25',
      tax_rate: '8.25',
    });
    // 2500 + 125 + 300 = 2925, tax 241.3125 → 241.31.
    expect(first.total_with_all_options).toBe('3166.31');
    expect(first.sections[0]!.items.map((item) => [item.description, item.amount, item.optional, item.selected])).toEqual([
      ['Base cabinets', '1000.00', false, true],
      ['Soft-close hinges', '125.00', true, false],
    ]);
  });

  it('refuses bad input with 422 per field and writes nothing', async () => {
    const before = (await t.app.database.db.select().from(proposals)).length;
    const bad = await call(
      'POST',
      '/proposals',
      body({
        title: '',
        expires_on: '2026-02-30',
        sections: [{ title: 'A', items: [{ description: 'x', quantity: 0 as unknown as string, unit_price: '1' }] }],
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(fields(bad)).toEqual(expect.arrayContaining(['title', 'expires_on', 'sections.0.items.0.quantity']));
    const foreign = await call('POST', '/proposals', body({ project_id: lakeHouse.project }));
    expect(foreign.statusCode).toBe(422);
    expect(fields(foreign)).toEqual(['project_id']);
    expect((await t.app.database.db.select().from(proposals)).length).toBe(before);
  });

  it('edits and deletes a draft, which the customer never sees', async () => {
    const draft = await createDraft();
    const edited = await call('PATCH', `/proposals/${draft.id}`, {
      title: 'Kitchen, revised',
      sections: [{ title: 'All', items: [{ description: 'Everything', quantity: '1', unit_price: '100' }] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Kitchen, revised', total: '108.25', intro: 'Thank you for the visit.' });
    expect((await portal('GET', `/${draft.id}`)).statusCode).toBe(404);
    expect(((await portal('GET', '')).json() as ProposalPage).data.map((row) => row.id)).not.toContain(draft.id);
    expect((await call('DELETE', `/proposals/${draft.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/proposals/${draft.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's proposal, on every route", async () => {
    const draft = await createDraft();
    for (const [method, url] of [
      ['GET', `/proposals/${draft.id}`],
      ['PATCH', `/proposals/${draft.id}`],
      ['DELETE', `/proposals/${draft.id}`],
      ['POST', `/proposals/${draft.id}/send`],
      ['POST', `/proposals/${draft.id}/withdraw`],
      ['POST', `/proposals/${draft.id}/revise`],
      ['GET', `/proposals/${draft.id}/pdf`],
    ] as const) {
      const response = await call(method, url, method === 'PATCH' ? { title: 'Mine now' } : undefined, brightsideKey);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', `/proposals/${draft.id}`)).json()).toMatchObject({ title: 'Kitchen remodel', status: 'draft' });
  });
});

describe('sending, versions and withdrawing', () => {
  it('sends: the customer sees it and is emailed once; a sent proposal cannot be edited nor deleted', async () => {
    const sent = await createSent({ title: 'Deck and patio' });
    expect(sent).toMatchObject({ status: 'sent', sent_at: START.toISOString().replace('Z', '000Z') });
    const mail = await t.smtp.waitFor((message) => message.subject === `Proposal P-${sent.number} from Acme Builders: Deck and patio`);
    expect(mail.to).toEqual([t.ids.casey.email]);
    expect(mail.text).toContain(`http://portal.test/proposals?entity=${kitchen.entity}&proposal=${sent.id}`);
    expect(mail.text).toContain('valid until Nov 30, 2026');

    const seen = await portal('GET', `/${sent.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ number: sent.number, status: 'sent', total: '2706.25', acceptance: null });

    const edit = await call('PATCH', `/proposals/${sent.id}`, { title: 'Changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/make a new version/);
    expect((await call('DELETE', `/proposals/${sent.id}`)).statusCode).toBe(409);
    expect((await call('POST', `/proposals/${sent.id}/send`)).statusCode).toBe(409);

    // The audit log keeps the company's writes by itself, and only those that succeeded.
    const audited = await t.app.database.db
      .select({ route: auditLog.route, kind: auditLog.target_kind })
      .from(auditLog)
      .where(and(eq(auditLog.company_id, t.ids.acme.id), eq(auditLog.target_kind, 'proposal'), eq(auditLog.target_id, sent.id)))
      .orderBy(asc(auditLog.id));
    expect(audited).toEqual([
      { route: '/api/integration/proposals', kind: 'proposal' },
      { route: '/api/integration/proposals/:id/send', kind: 'proposal' },
    ]);
  });

  it('refuses to send a proposal without items, or past its expiry date', async () => {
    const empty = await createDraft({ sections: [{ title: 'Nothing yet', items: [] }] });
    const refused = await call('POST', `/proposals/${empty.id}/send`);
    expect(refused.statusCode).toBe(422);
    expect(fields(refused)).toEqual(['sections']);
    const late = await createDraft({ expires_on: '2026-11-19' });
    expect(fields(await call('POST', `/proposals/${late.id}/send`))).toEqual(['expires_on']);
  });

  it('revises: a new draft with the same number and version + 1; sending it supersedes the old one, which can no longer be accepted', async () => {
    const first = await createSent();
    const revised = await call('POST', `/proposals/${first.id}/revise`);
    expect(revised.statusCode, revised.body).toBe(201);
    const second = revised.json() as IntegrationProposalDetail;
    expect(second).toMatchObject({ number: first.number, version: 2, status: 'draft', previous_version_id: first.id, total: first.total });
    expect(second.sections.map((section) => section.items.length)).toEqual([2, 2]);
    // Only from the newest version.
    expect((await call('POST', `/proposals/${first.id}/revise`)).statusCode).toBe(409);
    expect((await call('PATCH', `/proposals/${second.id}`, { tax_rate: '0' })).json()).toMatchObject({ total: '2500.00' });
    // Until the new version is sent, the old one stands.
    expect((await portal('GET', `/${first.id}`)).json()).toMatchObject({ status: 'sent' });
    expect((await call('POST', `/proposals/${second.id}/send`)).statusCode).toBe(200);
    expect((await call('GET', `/proposals/${first.id}`)).json()).toMatchObject({ status: 'superseded' });
    const late = await accept(first.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This proposal was replaced by a newer version: open the newest version to answer it.' });
    expect((await portal('POST', `/${first.id}/decline`, {})).statusCode).toBe(409);
    const list = (await call('GET', `/proposals?filter[number]=${first.number}&sort=id`)).json();
    expect(list.data.map((row: { version: number; status: string }) => [row.version, row.status])).toEqual([
      [1, 'superseded'],
      [2, 'sent'],
    ]);
  });

  it('withdraws a sent proposal: the customer sees it withdrawn and cannot accept it', async () => {
    const sent = await createSent();
    const withdrawn = await call('POST', `/proposals/${sent.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect((await portal('GET', `/${sent.id}`)).json()).toMatchObject({ status: 'withdrawn' });
    const refused = await accept(sent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This proposal was withdrawn by the company and can no longer be accepted or declined.');
    expect((await call('POST', `/proposals/${sent.id}/withdraw`)).statusCode).toBe(409);
  });

  it('reads expired after the end of its expiry day, and then refuses an answer with the date', async () => {
    const sent = await createSent({ expires_on: '2026-11-20' });
    expect((await portal('GET', `/${sent.id}`)).json()).toMatchObject({ status: 'sent' });
    now = new Date('2026-11-21T00:00:01Z');
    try {
      expect((await portal('GET', `/${sent.id}`)).json()).toMatchObject({ status: 'expired' });
      const refused = await accept(sent.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'This proposal expired on Nov 20, 2026 and can no longer be accepted or declined.' });
      expect((await portal('POST', `/${sent.id}/decline`, { reason: 'Too late' })).statusCode).toBe(409);
      const expired = await portal('GET', '?filter[status]=expired');
      expect(expired.statusCode, expired.body).toBe(200);
      expect((expired.json() as ProposalPage).data.map((row) => row.id)).toContain(sent.id);
    } finally {
      now = START;
    }
  });
});

describe('the customer accepts', () => {
  it('refuses a missing name, consent not given or an id that is not an optional item, per field, writing nothing', async () => {
    const sent = await createSent();
    const required = sent.sections[0]!.items[0]!.id;
    const noConsent = await accept(sent.id, { consent: false, signer_name: '  ' });
    expect(noConsent.statusCode).toBe(422);
    expect(fields(noConsent).sort()).toEqual(['consent', 'signer_name']);
    const wrongItem = await accept(sent.id, { selected_item_ids: [required] });
    expect(wrongItem.statusCode).toBe(422);
    expect(fields(wrongItem)).toEqual(['selected_item_ids']);
    expect(await t.app.database.db.select().from(proposalAcceptances).where(eq(proposalAcceptances.proposal_id, sent.id))).toEqual([]);
    expect((await portal('GET', `/${sent.id}`)).json()).toMatchObject({ status: 'sent' });
  });

  it('keeps the evidence, the accepted total with the ticked options, and a signed PDF whose bytes hash to the recorded value', async () => {
    const sent = await createSent();
    const [hinges, sink] = optionalIds(sent);
    const before = (await deliveries('proposal.accepted')).length;
    const response = await accept(
      sent.id,
      { selected_item_ids: [hinges], signer_name: '  Casey A. Jordan ' },
      { 'user-agent': 'Mozilla/5.0 (Test)', 'x-forwarded-for': '203.0.113.9' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const accepted = response.json() as ProposalDetail;
    // 1000 + 1500 required, 125 ticked: 2625.00, tax 216.5625 → 216.56. Once accepted, the proposal's money is the accepted one.
    expect(accepted).toMatchObject({ status: 'accepted', subtotal: '2625.00', tax: '216.56', total: '2841.56' });
    expect(accepted.acceptance).toMatchObject({
      signer_name: 'Casey A. Jordan',
      signer_email: t.ids.casey.email,
      accepted_at: START.toISOString().replace('Z', '000Z'),
      ip_address: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (Test)',
      selected_item_ids: [hinges],
      subtotal: '2625.00',
      tax: '216.56',
      total: '2841.56',
    });
    expect(accepted.sections.flatMap((section) => section.items).find((item) => item.id === sink)).toMatchObject({ optional: true, selected: false });
    expect(accepted.sections.flatMap((section) => section.items).find((item) => item.id === hinges)).toMatchObject({ optional: true, selected: true });

    // The content hash is the hash of the canonical JSON kept, and of the proposal recomputed now.
    const [row] = await t.app.database.db.select().from(proposalAcceptances).where(eq(proposalAcceptances.proposal_id, sent.id));
    expect(sha256Hex(row!.content_json)).toBe(accepted.acceptance!.content_sha256);
    const tree = (await proposalsRepository(t.app.database.db).companyFind(t.ids.acme.id, sent.id))!;
    expect(contentHash(tree, [hinges!]).sha256).toBe(accepted.acceptance!.content_sha256);
    expect(JSON.parse(row!.content_json)).toMatchObject({
      version: 1,
      title: 'Kitchen remodel',
      expires_on: '2026-11-30',
      selected_item_ids: [hinges],
      total: '2841.56',
    });
    expect(contentHash(tree, []).sha256).not.toBe(accepted.acceptance!.content_sha256);

    // The same bytes from both sides, hashing to the recorded value.
    const fromPortal = await portal('GET', `/${sent.id}/pdf`);
    const fromCompany = await call('GET', `/proposals/${sent.id}/pdf`);
    for (const pdf of [fromPortal, fromCompany]) {
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(accepted.acceptance!.pdf_sha256);
    }
    expect(fromPortal.headers['content-disposition']).toMatch(/^attachment/);
    const pages = await pdfText(fromPortal.rawPayload);
    const text = pages.join('\n');
    expect(text).toContain('Casey A. Jordan');
    expect(text).toContain('$2,841.56');
    expect(text).toContain('Soft-close hinges');
    expect(pages.at(-1)).toContain('Evidence of acceptance');
    expect(pages.at(-1)).toContain(accepted.acceptance!.content_sha256);
    expect(pages.at(-1)).toContain('127.0.0.1');

    // The company hears of it: the webhook (same transaction) and an email to the project's primary rep.
    const events = await deliveries('proposal.accepted');
    expect(events.length).toBe(before + 1);
    expect(JSON.parse(events.at(-1)!.body).data).toMatchObject({ proposal: { id: sent.id }, acceptance: { total: '2841.56', signer_name: 'Casey A. Jordan' } });
    const mail = await t.smtp.waitFor((message) => message.subject === `Proposal P-${sent.number} accepted by Casey Morgan`);
    expect(mail.to).toEqual(['dana@acme-builders.example.com']);
    expect(mail.text).toContain('Soft-close hinges');

    // Once accepted, nothing more: no second acceptance, no decline, no new version, no withdrawal.
    const again = await accept(sent.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This proposal is already accepted.' });
    expect((await portal('POST', `/${sent.id}/decline`, {})).statusCode).toBe(409);
    expect((await call('POST', `/proposals/${sent.id}/revise`)).statusCode).toBe(409);
    expect((await call('POST', `/proposals/${sent.id}/withdraw`)).statusCode).toBe(409);
    expect((await call('GET', `/proposals/${sent.id}`)).json().acceptance).toEqual(accepted.acceptance);
  });

  it('lists an accepted proposal at the accepted total, with the options chosen, on both sides, and sorts by it', async () => {
    const taken = await createSent({ title: 'Listed after acceptance' });
    const open = await createSent({ title: 'Listed while open' });
    expect((await accept(taken.id, { selected_item_ids: [optionalIds(taken)[0]] })).statusCode).toBe(200);
    const accepted = { subtotal: '2625.00', tax: '216.56', total: '2841.56' };
    const unanswered = { subtotal: '2500.00', tax: '206.25', total: '2706.25' };

    const company = (await call('GET', '/proposals?page[size]=100&sort=-total')).json() as { data: { id: number; total: string }[] };
    const customer = (await portal('GET', '?page[size]=100&sort=-total')).json() as ProposalPage;
    for (const list of [company.data, customer.data]) {
      expect(list.find((row) => row.id === taken.id)).toMatchObject(accepted);
      expect(list.find((row) => row.id === open.id)).toMatchObject(unanswered);
      expect(list.findIndex((row) => row.id === taken.id)).toBeLessThan(list.findIndex((row) => row.id === open.id));
    }
    // The one proposal reads the same on both sides.
    expect((await call('GET', `/proposals/${taken.id}`)).json()).toMatchObject(accepted);
    expect((await portal('GET', `/${taken.id}`)).json()).toMatchObject(accepted);
  });

  it('accepts exactly once when several accepts arrive at once; the others answer 409', async () => {
    const sent = await createSent();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => accept(sent.id, { signer_name: `Casey ${index}` })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json()).toEqual({ message: 'This proposal is already accepted.' });
    expect(await t.app.database.db.select().from(proposalAcceptances).where(eq(proposalAcceptances.proposal_id, sent.id))).toHaveLength(1);
  });

  it('leaves no PDF in the blob store when the acceptance is not written', async () => {
    const sent = await createSent();
    const keys: string[] = [];
    await expect(
      proposalsRepository(t.app.database.db).accept(
        { companyId: t.ids.acme.id, projectId: kitchen.project },
        sent.id,
        // PostgreSQL text cannot hold NUL: the insert fails after the PDF is stored.
        { portalUser: t.ids.casey, signerName: 'Casey\u0000', ipAddress: '127.0.0.1', userAgent: null, selectedItemIds: [], now: START, today: '2026-11-20' },
        async () => Buffer.from('%PDF-1.4 test'),
        async (pdf) => {
          const blob = await t.app.blobs.put(pdf, { contentType: 'application/pdf' });
          keys.push(blob.key);
          return { ...blob, remove: () => t.app.blobs.delete(blob.key) };
        },
      ),
    ).rejects.toThrow();
    expect(keys).toHaveLength(1);
    expect(await t.app.blobs.stat(keys[0]!)).toBeNull();
    expect((await portal('GET', `/${sent.id}`)).json()).toMatchObject({ status: 'sent', acceptance: null });
  });
});

describe('the customer reads and declines', () => {
  it('marks the proposal viewed the first time it is opened, with one proposal.viewed event', async () => {
    const sent = await createSent();
    const before = (await deliveries('proposal.viewed')).length;
    const first = await portal('GET', `/${sent.id}`);
    expect(first.json().viewed_at).toBe(START.toISOString().replace('Z', '000Z'));
    await portal('GET', `/${sent.id}`);
    const events = await deliveries('proposal.viewed');
    expect(events.length).toBe(before + 1);
    expect(JSON.parse(events.at(-1)!.body).data).toMatchObject({ proposal: { id: sent.id, number: sent.number }, viewer: { id: t.ids.casey.id } });
    expect((await call('GET', `/proposals/${sent.id}`)).json().viewed_at).toBe(first.json().viewed_at);
  });

  it('declines with an optional reason of at most 2,000 characters; the company hears of it', async () => {
    const sent = await createSent();
    const long = await portal('POST', `/${sent.id}/decline`, { reason: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(fields(long)).toEqual(['reason']);
    const before = (await deliveries('proposal.declined')).length;
    const declined = await portal('POST', `/${sent.id}/decline`, { reason: 'Over budget' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decline: { reason: 'Over budget' } });
    expect((await deliveries('proposal.declined')).length).toBe(before + 1);
    await t.smtp.waitFor((message) => message.subject === `Proposal P-${sent.number} declined by Casey Morgan` && (message.text ?? '').includes('Over budget'));
    const again = await accept(sent.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This proposal was already declined.');
    // A declined proposal may be offered again as a new version.
    expect((await call('POST', `/proposals/${sent.id}/revise`)).statusCode).toBe(201);
  });

  it('lists the sent proposals of the project, newest first, never drafts', async () => {
    const draft = await createDraft();
    const sent = await createSent({ title: 'Listed' });
    const page = (await portal('GET', '')).json() as ProposalPage;
    expect(page.data[0]).toMatchObject({ id: sent.id, title: 'Listed', status: 'sent', total: '2706.25', expires_on: '2026-11-30' });
    expect(page.data.map((row) => row.id)).not.toContain(draft.id);
    expect((await portal('GET', '?filter[status]=draft')).statusCode).toBe(400);
  });
});

describe('the switch and the guard', () => {
  it('answers 404 on every portal route while proposals are switched off, and the company side still works, emailing nobody', async () => {
    const sent = await createSent();
    await withSwitch(false, async () => {
      for (const [method, url, payload] of [
        ['GET', '', undefined],
        ['GET', `/${sent.id}`, undefined],
        ['POST', `/${sent.id}/accept`, { signer_name: 'Casey', consent: true }],
        ['POST', `/${sent.id}/decline`, {}],
        ['GET', `/${sent.id}/pdf`, undefined],
      ] as const) {
        expect((await portal(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      }
      const quiet = await createSent({ title: 'Prepared while off' });
      expect(quiet.status).toBe('sent');
      expect((await call('GET', `/proposals/${quiet.id}`)).statusCode).toBe(200);
    });
    const marker = await createSent({ title: 'After the switch' });
    await t.smtp.waitFor((message) => message.subject.includes(`P-${marker.number} `));
    expect(t.smtp.messages.filter((message) => message.subject.includes('Prepared while off'))).toEqual([]);
    // The refused reads while off did not count as the customer viewing it.
    expect((await call('GET', `/proposals/${sent.id}`)).json()).toMatchObject({ status: 'sent', viewed_at: null });
  });

  it('emails nobody who turned proposal emails off', async () => {
    const off = await t.app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: bearer(t.casey), payload: { proposal: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ proposal: false });
    const quiet = await createSent({ title: 'Not emailed' });
    await t.app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: bearer(t.casey), payload: { proposal: true } });
    const marker = await createSent({ title: 'Emailed again' });
    await t.smtp.waitFor((message) => message.subject.includes('Emailed again'));
    expect(t.smtp.messages.filter((message) => message.subject.includes(`P-${quiet.number} `))).toEqual([]);
    expect(marker.status).toBe('sent');
  });

  it("answers 404 for a proposal of another project or company through the customer's entity", async () => {
    const sent = await createSent();
    const other = await t.app.inject({ method: 'GET', url: `/api/entities/${lakeHouse.entity}/proposals/${sent.id}`, headers: bearer(t.casey) });
    expect(other.statusCode).toBe(404);
    const nico = await t.app.inject({ method: 'GET', url: `/api/entities/${kitchen.entity}/proposals/${sent.id}`, headers: bearer(t.nico) });
    expect(nico.statusCode).toBe(404);
  });
});
