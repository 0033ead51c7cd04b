import type { InboxPage } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies, projects, staff } from '../src/db/schema';
import { apiKeysRepository } from '../src/modules/integration/api-keys.repository';
import { multipartBody, pdfBytes } from './fixtures';
import { bearer } from './portal-users';
import { useDemoApp } from './suite';
import type { ReceivedMail } from './smtp-server';

/**
 * Every customer action reaches the office (docs/decisions/114-every-customer-action-reaches-the-office.md): a note, an
 * upload, a contact message and an answer to a proposal email the project's primary rep, else the company's contact
 * address, each with a link to its page in the staff console; and the console's inbox lists every one of them.
 */

const t = useDemoApp({ mail: true });
const OFFICE = 'office@acme-builders.example.com';
const DANA = 'dana@acme-builders.example.com';
let kitchen: { entity: number; project: number }; // Dana is its primary rep
let roof: { entity: number; project: number }; // no primary rep, here
let acmeKey: string;
let owner: string;

const inbox = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/staff/inbox', headers: bearer(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InboxPage;
};
const waitFor = (text: string) => t.smtp.waitFor((mail: ReceivedMail) => (mail.text ?? '').includes(text));
const note = (entity: number, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/notes?entity=${entity}`, headers: bearer(t.casey), payload: { body } });

beforeAll(async () => {
  const db = t.app.database.db;
  const acmeEntities = t.ids.caseyEntities.filter((entity) => entity.company_id === t.ids.acme.id);
  const [kitchenRow] = await db.select().from(projects).where(eq(projects.name, 'Kitchen remodel'));
  const [roofRow] = await db.select().from(projects).where(eq(projects.name, 'Roof replacement'));
  kitchen = { project: kitchenRow!.id, entity: acmeEntities.find((entity) => entity.model_id === kitchenRow!.id)!.id };
  roof = { project: roofRow!.id, entity: acmeEntities.find((entity) => entity.model_id === roofRow!.id)!.id };
  await db.update(projects).set({ rep_primary_id: null }).where(eq(projects.id, roof.project));
  acmeKey = (await apiKeysRepository(db).create(t.ids.acme.id, 'crm', { scopes: ['proposals:read', 'proposals:write'] })).key;
  const [first] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.company_id, t.ids.acme.id), eq(staff.role, 'owner'), isNull(staff.deactivated_at)))
    .orderBy(staff.id);
  owner = (await t.app.staffSessions.create(first!.id, { now: new Date() })).token;
});

afterEach(() => t.app.mailer.idle());

describe("a customer's note", () => {
  it('on a project without a primary rep reaches the company’s contact address, with a link to the thread in the console', async () => {
    expect((await note(roof.entity, 'Is the crew coming Monday?')).statusCode).toBe(201);
    const mail = await waitFor('Is the crew coming Monday?');
    expect(mail.to).toEqual([OFFICE]);
    expect(mail.subject).toBe('New note from Casey Morgan on Roof replacement (ACM-0988)');
    expect(mail.text).toContain(`Answer it in the staff console: http://portal.test/staff/projects/${roof.project}/notes`);
    expect(mail.html).toContain(`href="http://portal.test/staff/projects/${roof.project}/notes"`);
    expect(mail.text).toContain("to the company's contact address");
  });

  it('reaches the primary rep, with the same link, and the contact address once the rep is deactivated', async () => {
    expect((await note(kitchen.entity, 'Grout colour: grey')).statusCode).toBe(201);
    const toRep = await waitFor('Grout colour: grey');
    expect(toRep.to).toEqual([DANA]);
    expect(toRep.text).toContain(`http://portal.test/staff/projects/${kitchen.project}/notes`);
    expect(toRep.text).toContain('because you are the primary rep of this project');

    const db = t.app.database.db;
    await db.update(staff).set({ deactivated_at: new Date() }).where(eq(staff.email, DANA));
    try {
      expect((await note(kitchen.entity, 'Anyone there?')).statusCode).toBe(201);
      expect((await waitFor('Anyone there?')).to).toEqual([OFFICE]);
    } finally {
      await db.update(staff).set({ deactivated_at: null }).where(eq(staff.email, DANA));
    }
  });

  it('with neither a rep nor a contact address, is emailed to nobody and still waits in the inbox', async () => {
    const db = t.app.database.db;
    const sent = t.smtp.messages.length;
    await db.update(companies).set({ contact_email: null }).where(eq(companies.id, t.ids.acme.id));
    try {
      const posted = await note(roof.entity, 'Hello? Nobody to tell');
      expect(posted.statusCode).toBe(201);
      await t.app.mailer.idle();
      expect(t.smtp.messages.slice(sent).filter((mail) => (mail.text ?? '').includes('Nobody to tell'))).toEqual([]);
      expect((await inbox()).data.find((item) => item.kind === 'note' && item.id === posted.json().id)).toMatchObject({ read: false });
    } finally {
      await db.update(companies).set({ contact_email: OFFICE }).where(eq(companies.id, t.ids.acme.id));
    }
  });
});

describe("a customer's upload and message", () => {
  it('an upload reaches the rep, else the contact address, naming the project, with a link to its documents in the console', async () => {
    for (const [project, to, filename] of [
      [kitchen, DANA, 'kitchen-permit.pdf'],
      [roof, OFFICE, 'roof-permit.pdf'],
    ] as const) {
      const body = multipartBody([{ name: 'file', filename, data: await pdfBytes() }]);
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/entities/${project.entity}/documents`,
        headers: { ...body.headers, ...bearer(t.casey) },
        payload: body.payload,
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const mail = await t.smtp.waitFor((message: ReceivedMail) => message.subject.includes(filename));
      expect(mail.to).toEqual([to]);
      expect(mail.subject).toContain(project === kitchen ? 'Kitchen remodel (ACM-1042)' : 'Roof replacement (ACM-0988)');
      expect(mail.text).toContain(`See it in the staff console: http://portal.test/staff/projects/${project.project}/documents`);
      expect(mail.headers['reply-to']).toContain('customer@example.com');
    }
  });

  it('a message about a project reaches its rep, with a link that opens it in the console’s inbox', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      headers: bearer(t.casey),
      payload: { entity: kitchen.entity, subject: 'Site visit', message: 'Friday at 9 works for us.' },
    });
    expect(response.statusCode).toBe(201);
    const mail = await waitFor('Friday at 9 works for us.');
    expect(mail.to).toEqual([DANA]);
    const messageId = (await inbox()).data.find((item) => item.kind === 'message' && item.excerpt.startsWith('Site visit'))!.id;
    expect(mail.text).toContain(`Open it in the staff console: http://portal.test/staff/inbox?message=${messageId}`);
  });
});

describe('an answer to a proposal', () => {
  const sendProposal = async (project: number, title: string) => {
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/integration/proposals',
      headers: bearer(acmeKey),
      payload: {
        project_id: project,
        title,
        expires_on: '2099-12-31',
        sections: [{ title: 'Work', items: [{ description: 'Labour', quantity: '1', unit_price: '100.00' }] }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const sent = await t.app.inject({ method: 'POST', url: `/api/integration/proposals/${draft.json().id}/send`, headers: bearer(acmeKey) });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json() as { id: number; number: number };
  };

  it('accepted, reaches the office with a link to the proposal in the console, and waits in the inbox', async () => {
    const proposal = await sendProposal(roof.project, 'New gutters');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/entities/${roof.entity}/proposals/${proposal.id}/accept`,
      headers: bearer(t.casey),
      payload: { selected_item_ids: [], signer_name: 'Casey Morgan', consent: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mail = await t.smtp.waitFor((message: ReceivedMail) => message.subject === `Proposal P-${proposal.number} accepted by Casey Morgan`);
    expect(mail.to).toEqual([OFFICE]);
    expect(mail.text).toContain(`See the proposal in the staff console: http://portal.test/staff/projects/${roof.project}/proposals/${proposal.id}`);

    const item = (await inbox()).data.find((one) => one.kind === 'proposal' && one.id === proposal.id);
    expect(item).toMatchObject({
      project: { id: roof.project, name: 'Roof replacement' },
      from: { name: 'Casey Morgan' },
      excerpt: 'Accepted: New gutters',
      read: false,
    });
    const read = await t.app.inject({ method: 'POST', url: `/api/staff/inbox/proposal/${proposal.id}/read`, headers: bearer(owner) });
    expect(read.statusCode).toBe(204);
    expect((await inbox()).data.find((one) => one.kind === 'proposal' && one.id === proposal.id)?.read).toBe(true);
  });

  it('declined, reaches the rep and the inbox with the reason', async () => {
    const proposal = await sendProposal(kitchen.project, 'Second sink');
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/entities/${kitchen.entity}/proposals/${proposal.id}/decline`,
      headers: bearer(t.casey),
      payload: { reason: 'Over budget' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const mail = await t.smtp.waitFor((message: ReceivedMail) => message.subject === `Proposal P-${proposal.number} declined by Casey Morgan`);
    expect(mail.to).toEqual([DANA]);
    expect(mail.text).toContain(`http://portal.test/staff/projects/${kitchen.project}/proposals/${proposal.id}`);
    expect((await inbox()).data.find((one) => one.kind === 'proposal' && one.id === proposal.id)).toMatchObject({
      excerpt: 'Declined: Second sink (Over budget)',
      from: { name: 'Casey Morgan' },
    });
    // A proposal sent but not answered is nothing the customer did.
    const waiting = await sendProposal(kitchen.project, 'Not answered yet');
    expect((await inbox()).data.some((one) => one.kind === 'proposal' && one.id === waiting.id)).toBe(false);
  });
});
