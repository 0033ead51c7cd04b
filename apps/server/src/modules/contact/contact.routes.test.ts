import type { ContactCompanyList, ContactInfo } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/suite';
import { companies, contactMessages } from '../../db/schema';
import { bearer } from '../../../test/portal-users';

/** The contact page of docs/requirements.md 11.7: what it shows, who may see it, and the message form's limits. */

let clock = new Date('2026-04-01T12:00:00.000Z');
const t = useDemoApp({ mail: true, now: () => clock });
let kitchen: number;
let lakeHouse: number;

const NOT_FOUND = { message: 'Not found.' };
const send = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/contact/messages', headers: bearer(token), payload });
const stored = async () => Number((await t.app.database.db.select({ n: count() }).from(contactMessages))[0]!.n);

beforeAll(() => {
  kitchen = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!.id;
  lakeHouse = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!.id;
});

afterEach(() => t.app.mailer.idle());

describe('the contact details', () => {
  it("shows the company and the project's primary rep with a picture", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/contact?entity=${kitchen}`, headers: bearer(t.casey) });
    expect(response.statusCode).toBe(200);
    const info = response.json() as ContactInfo;
    expect(info).toMatchObject({
      entity_id: kitchen,
      project: { name: 'Kitchen remodel', number: 'ACM-1042' },
      company: {
        name: 'Acme Builders',
        phone_default: '(512) 555-0134',
        url: 'https://acme-builders.example.com',
        logo_url: 'http://portal.test/brand/acme.svg',
        address_street: '1200 Congress Ave',
        address_city: 'Austin',
      },
      rep_primary: {
        name: 'Dana Whitfield',
        title: 'Project Manager',
        phone: '(512) 555-0142',
        email: 'dana@acme-builders.example.com',
        avatar_url: 'http://portal.test/brand/avatars/dana.svg',
      },
    });
    // The company's own address for messages stays on the server.
    expect(JSON.stringify(info)).not.toContain('office@acme-builders.example.com');
  });

  it('leaves the picture out where the company switched profile pictures off', async () => {
    const info = (await t.app.inject({ method: 'GET', url: `/api/contact?entity=${lakeHouse}`, headers: bearer(t.casey) })).json() as ContactInfo;
    expect(info.rep_primary).toMatchObject({ name: 'Priya Natarajan', avatar_url: null });
  });

  it("answers 404 for another user's project and one that does not exist, and 401 signed out", async () => {
    for (const entity of [kitchen, 987654]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/contact?entity=${entity}`, headers: bearer(t.nico) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/contact?entity=${kitchen}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/contact/companies' })).statusCode).toBe(401);
  });

  it('stays on whatever the company switched off', async () => {
    await t.app.database.db
      .update(companies)
      .set({ is_portal_project_notes_enabled: false, is_portal_project_info_enabled: false })
      .where(eq(companies.id, t.ids.acme.id));
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/contact?entity=${kitchen}`, headers: bearer(t.casey) })).statusCode).toBe(200);
    } finally {
      await t.app.database.db
        .update(companies)
        .set({ is_portal_project_notes_enabled: true, is_portal_project_info_enabled: true })
        .where(eq(companies.id, t.ids.acme.id));
    }
  });

  it("lists the companies of the user's projects to choose from", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/contact/companies', headers: bearer(t.casey) });
    const list = response.json() as ContactCompanyList;
    expect(list.data.map((item) => item.company.name)).toEqual(['Acme Builders', 'Brightside Remodeling']);
    expect(list.data[0]!.entities.map((entity) => entity.label)).toEqual([
      'Project: Kitchen remodel',
      'Project: 4512 Avenue F (garage)',
      'Project: Roof replacement',
    ]);
    const neighbor = (await t.app.inject({ method: 'GET', url: '/api/contact/companies', headers: bearer(t.nico) })).json() as ContactCompanyList;
    expect(neighbor.data.map((item) => item.company.name)).toEqual(['Acme Builders']);
    expect(neighbor.data[0]!.entities).toHaveLength(1);
  });
});

describe('sending a message', () => {
  it("stores it and emails the project's primary rep, with the customer to reply to, escaped", async () => {
    const before = await stored();
    const response = await send(t.casey, {
      entity: kitchen,
      subject: 'Question about <tiles>',
      message: 'Hi!\nCan we <b>meet</b> on site Friday? & bring samples',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you. Your message has been sent.' });
    expect(await stored()).toBe(before + 1);
    const mail = await t.smtp.waitFor((message) => message.subject.includes('Question about'));
    expect(mail.to).toEqual(['dana@acme-builders.example.com']);
    expect(mail.subject).toBe('Portal message: Question about <tiles>');
    expect(mail.headers['reply-to']).toContain('customer@example.com');
    expect(mail.text).toContain('Can we <b>meet</b> on site Friday?');
    expect(mail.text).toContain('Kitchen remodel (ACM-1042)');
    expect(mail.html).toContain('Can we &lt;b&gt;meet&lt;/b&gt; on site Friday? &amp; bring samples');
    expect(mail.html).not.toContain('<b>meet');
    const [row] = await t.app.database.db.select().from(contactMessages).orderBy(contactMessages.id);
    expect(row).toMatchObject({ company_id: t.ids.acme.id, portal_user_id: t.ids.casey.id, sent_to: 'dana@acme-builders.example.com' });
  });

  it('sends to a company picked without a project, and 404 for a company that shares nothing with the user', async () => {
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    expect((await send(t.casey, { company_id: t.ids.brightside.id, subject: 'Hello', message: 'General question' })).statusCode).toBe(201);
    const mail = await t.smtp.waitFor((message) => message.text?.includes('General question') ?? false);
    expect(mail.to).toEqual(['hello@brightside-remodeling.example.com']);
    const foreign = await send(t.nico, { company_id: t.ids.brightside.id, subject: 'Hello', message: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    expect((await send(t.nico, { entity: kitchen, subject: 'Hello', message: 'x' })).statusCode).toBe(404);
    expect((await send(t.casey, { entity: kitchen, company_id: t.ids.brightside.id, subject: 'Hello', message: 'x' })).statusCode).toBe(404);
    expect((await send(t.casey, { subject: 'Hello', message: 'To whom?' })).statusCode).toBe(422);
  });

  it('refuses a subject with a line break (no header can be injected), and stores and sends nothing', async () => {
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    const before = await stored();
    const sent = t.smtp.messages.length;
    for (const subject of ['Hi\r\nBcc: victim@example.com', 'Hi\nBcc: victim@example.com', 'Hi\rX-Injected: 1', 'Hi\u2028there', 'Tab\u0007bell']) {
      const response = await send(t.casey, { entity: kitchen, subject, message: 'x' });
      expect(response.statusCode, JSON.stringify(subject)).toBe(422);
      expect((response.json() as { errors: Record<string, string[]> }).errors.subject).toBeDefined();
    }
    await t.app.mailer.idle();
    expect(await stored()).toBe(before);
    expect(t.smtp.messages.length).toBe(sent);
  });

  it('takes a message of 5,000 characters and refuses 5,001, an empty one and a missing subject', async () => {
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    expect((await send(t.casey, { entity: kitchen, subject: 'Long', message: 'm'.repeat(5000) })).statusCode).toBe(201);
    const tooLong = await send(t.casey, { entity: kitchen, subject: 'Long', message: 'm'.repeat(5001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ message: 'The given data was invalid.', errors: { message: ['The message may not be longer than 5,000 characters.'] } });
    expect((await send(t.casey, { entity: kitchen, subject: 'Empty', message: '   ' })).statusCode).toBe(422);
    expect((await send(t.casey, { entity: kitchen, subject: '  ', message: 'x' })).statusCode).toBe(422);
    expect((await send(t.casey, { entity: kitchen, message: 'x' })).statusCode).toBe(422);
    expect((await send(t.casey, { entity: kitchen, subject: 's'.repeat(201), message: 'x' })).statusCode).toBe(422);
  });

  it('thanks a bot that filled the honeypot, and neither stores nor sends its message', async () => {
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    const before = await stored();
    const sent = t.smtp.messages.length;
    const response = await send(t.casey, { entity: kitchen, subject: 'Cheap pills', message: 'Buy now', website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you. Your message has been sent.' });
    await t.app.mailer.idle();
    expect(await stored()).toBe(before);
    expect(t.smtp.messages.length).toBe(sent);
  });

  it('takes 5 messages an hour per user, then answers 429 with Retry-After until the hour has passed', async () => {
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    for (let index = 1; index <= 5; index++) {
      expect((await send(t.casey, { entity: kitchen, subject: `Message ${index}`, message: 'x' })).statusCode).toBe(201);
      clock = new Date(clock.getTime() + 60_000);
    }
    const refused = await send(t.casey, { entity: kitchen, subject: 'Message 6', message: 'x' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many attempts.' });
    // The first of the five leaves the window 55 minutes from now.
    expect(Number(refused.headers['retry-after'])).toBe(55 * 60);
    // Another user is not held back.
    expect((await send(t.nico, { entity: t.ids.nicoEntities[0]!.id, subject: 'Mine', message: 'x' })).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 55 * 60_000);
    expect((await send(t.casey, { entity: kitchen, subject: 'Message 6', message: 'x' })).statusCode).toBe(201);
  });
});
