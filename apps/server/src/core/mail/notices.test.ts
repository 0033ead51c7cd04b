import type { NoticeKind } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/suite';
import { companies, noticePreferences, portalEntities, projects, sentNotices } from '../../db/schema';
import { html } from './html';
import type { NoticeEvent } from './notices';

/** The notices service (docs/requirements.md 14 and 18.4): who hears of what, once, and how they stop it. */

const t = useDemoApp({ mail: true });
let acmeProject: number; // shared with Casey
let brightsideProject: number; // Casey's project at the other company
let record = 1000;

const notice = (overrides: Partial<NoticeEvent> & { marker: string }): NoticeEvent => ({
  kind: 'document',
  recordId: ++record,
  companyId: t.ids.acme.id,
  projectId: acmeProject,
  build: (recipient, company) => ({
    subject: `${overrides.marker} for ${recipient.email}`,
    text: `${company.name} shared something (${overrides.marker}). Entity ${recipient.entityId}.`,
    html: html`<p>${company.name} shared <b>${overrides.marker}</b></p>`,
    footer: 'Sent because this project is shared with you.',
  }),
  ...overrides,
});

/** The messages that carry a marker, once every background send has settled. */
async function mailsWith(marker: string) {
  await t.app.mailer.idle();
  return t.smtp.messages.filter((mail) => mail.subject.startsWith(marker));
}

async function share(userId: number, companyId: number, projectId: number) {
  const [row] = await t.app.database.db
    .insert(portalEntities)
    .values({ portal_user_id: userId, company_id: companyId, model_type: 'project', model_id: projectId })
    .returning({ id: portalEntities.id });
  return row!.id;
}

beforeAll(async () => {
  const projectOf = async (companyId: number) => {
    const entity = t.ids.caseyEntities.find((row) => row.company_id === companyId && row.model_type === 'project')!;
    const [project] = await t.app.database.db.select().from(projects).where(eq(projects.id, entity.model_id));
    return project!.id;
  };
  acmeProject = await projectOf(t.ids.acme.id);
  brightsideProject = await projectOf(t.ids.brightside.id);
});

afterEach(async () => {
  await t.app.mailer.idle();
  await t.app.database.db.delete(noticePreferences);
});

describe('app.notices.send', () => {
  it('sends every customer of the project a message of their own, with one-click unsubscribe headers and footer links', async () => {
    const nicoEntity = await share(t.ids.nico.id, t.ids.acme.id, acmeProject);
    try {
      expect(await t.app.notices.send(t.app.log, notice({ marker: 'Plans v2' }))).toBe(2);
      const mails = await mailsWith('Plans v2');
      expect(mails.map((mail) => mail.to).sort()).toEqual([[t.ids.casey.email], [t.ids.nico.email]].sort());
      const toNico = mails.find((mail) => mail.to.includes(t.ids.nico.email))!;
      const toCasey = mails.find((mail) => mail.to.includes(t.ids.casey.email))!;
      expect(toNico.text).toContain(`Entity ${nicoEntity}.`);
      expect(toNico.headers['reply-to']).toContain(t.ids.acme.contact_email!);
      expect(toNico.html).toContain('Acme Builders shared <b>Plans v2</b>');

      const header = /^<(http:\/\/portal\.test\/api\/notifications\/unsubscribe\?token=([^>]+))>$/.exec(toNico.headers['list-unsubscribe']!);
      expect(header).not.toBeNull();
      expect(toNico.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const token = decodeURIComponent(header![2]!);
      expect(t.app.notices.tokens.read(token)).toEqual({ portalUserId: t.ids.nico.id, kind: 'document' });
      // The token is not the user's id alone: another user's or kind's token differs, and Casey's is hers.
      expect(toCasey.headers['list-unsubscribe']).not.toBe(toNico.headers['list-unsubscribe']);
      expect(token).toMatch(/^\d+\.document\.[\w-]{43}$/);

      // The links open the portal in the company's theme, as the email is.
      const page = `http://portal.test/unsubscribe?token=${encodeURIComponent(token)}&theme=acme`;
      expect(toNico.text).toContain('– Sent because this project is shared with you.');
      expect(toNico.text).toContain(`Stop emails about shared documents: ${page}`);
      expect(toNico.text).toContain('Choose which emails you get: http://portal.test/account/notifications?theme=acme');
      expect(toNico.html).toContain(`href="${page.replace(/&/g, '&amp;')}"`);
      expect(toNico.html).toContain('href="http://portal.test/account/notifications?theme=acme"');
    } finally {
      await t.app.database.db.delete(portalEntities).where(eq(portalEntities.id, nicoEntity));
    }
  });

  it('sends once per event: a retried or concurrent call for the same record sends nothing more', async () => {
    const event = notice({ marker: 'Once only' });
    expect(await t.app.notices.send(t.app.log, event)).toBe(1);
    expect(await t.app.notices.send(t.app.log, event)).toBe(0);
    const twice = notice({ marker: 'Raced' });
    const counts = await Promise.all([t.app.notices.send(t.app.log, twice), t.app.notices.send(t.app.log, twice)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await mailsWith('Once only')).toHaveLength(1);
    expect(await mailsWith('Raced')).toHaveLength(1);
    // The same record id under another kind is another event.
    expect(await t.app.notices.send(t.app.log, { ...notice({ marker: 'Other kind' }), kind: 'album', recordId: event.recordId })).toBe(1);
    const rows = await t.app.database.db.select().from(sentNotices).where(eq(sentNotices.record_id, event.recordId));
    expect(rows.map((row) => row.kind).sort()).toEqual(['album', 'document']);
  });

  it('leaves out a customer who turned that kind off, and only that kind', async () => {
    const nicoEntity = await share(t.ids.nico.id, t.ids.acme.id, acmeProject);
    try {
      await t.app.database.db.insert(noticePreferences).values({ portal_user_id: t.ids.casey.id, kind: 'invoice', enabled: false });
      for (const kind of ['invoice', 'note', 'document', 'album'] satisfies NoticeKind[]) {
        await t.app.notices.send(t.app.log, notice({ marker: `Kind ${kind}`, kind }));
      }
      expect((await mailsWith('Kind invoice')).map((mail) => mail.to)).toEqual([[t.ids.nico.email]]);
      for (const kind of ['note', 'document', 'album']) expect(await mailsWith(`Kind ${kind}`)).toHaveLength(2);
      // Turned back on, it reaches her again.
      await t.app.database.db
        .update(noticePreferences)
        .set({ enabled: true })
        .where(and(eq(noticePreferences.portal_user_id, t.ids.casey.id), eq(noticePreferences.kind, 'invoice')));
      await t.app.notices.send(t.app.log, notice({ marker: 'Invoice again', kind: 'invoice' }));
      expect(await mailsWith('Invoice again')).toHaveLength(2);
    } finally {
      await t.app.database.db.delete(portalEntities).where(eq(portalEntities.id, nicoEntity));
    }
  });

  it("sends nothing while the company's switch for the area is off", async () => {
    const switches = {
      note: 'is_portal_project_notes_enabled',
      invoice: 'is_portal_invoicing_enabled',
      document: 'is_portal_file_sharing_enabled',
      album: 'is_portal_album_sharing_enabled',
      proposal: 'is_portal_proposals_enabled',
      schedule: 'is_portal_project_calendar_enabled',
      change_order: 'is_portal_change_orders_enabled',
    } as const;
    for (const [kind, column] of Object.entries(switches) as [NoticeKind, (typeof switches)[NoticeKind]][]) {
      await t.app.database.db
        .update(companies)
        .set({ [column]: false })
        .where(eq(companies.id, t.ids.acme.id));
      try {
        expect(await t.app.notices.send(t.app.log, notice({ marker: `Switched off ${kind}`, kind }))).toBe(0);
      } finally {
        await t.app.database.db
          .update(companies)
          .set({ [column]: true })
          .where(eq(companies.id, t.ids.acme.id));
      }
      expect(await mailsWith(`Switched off ${kind}`)).toEqual([]);
    }
    // Nothing was claimed either: once the switch is on, the event can still be told.
    expect(await t.app.database.db.select().from(sentNotices).where(eq(sentNotices.company_id, t.ids.acme.id))).not.toContainEqual(
      expect.objectContaining({ record_id: record }),
    );
  });

  it("never tells anyone of another company's project, and tells a customer of both companies only what each company did", async () => {
    // Brightside naming Acme's project reaches no one, even with an entity that claims otherwise.
    const stray = await share(t.ids.nico.id, t.ids.brightside.id, acmeProject);
    try {
      expect(await t.app.notices.send(t.app.log, notice({ marker: 'Cross company', companyId: t.ids.brightside.id, projectId: acmeProject }))).toBe(0);
      expect(await t.app.notices.send(t.app.log, notice({ marker: 'Unknown company', companyId: 999_999 }))).toBe(0);
      expect(await mailsWith('Cross company')).toEqual([]);
      // Casey hears of Brightside's project from Brightside, Nico (only Acme's customer) not at all.
      expect(await t.app.notices.send(t.app.log, notice({ marker: 'Lake house', companyId: t.ids.brightside.id, projectId: brightsideProject }))).toBe(1);
      const [mail] = await mailsWith('Lake house');
      expect(mail!.to).toEqual([t.ids.casey.email]);
      expect(mail!.html).toContain('Brightside Remodeling shared');
    } finally {
      await t.app.database.db.delete(portalEntities).where(eq(portalEntities.id, stray));
    }
  });

  it('logs a failure instead of throwing: the record it is about is already written', async () => {
    const failing = notice({
      marker: 'Broken builder',
      build: () => {
        throw new Error('boom');
      },
    });
    await expect(t.app.notices.send(t.app.log, failing)).resolves.toBe(0);
    // Nothing was claimed: the call can be made again once the builder is fixed.
    expect(await t.app.database.db.select().from(sentNotices).where(eq(sentNotices.record_id, failing.recordId))).toEqual([]);
  });
});
