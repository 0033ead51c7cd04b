import { count, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { calendarFeeds, companies, projects, scheduleItems, staff } from '../../db/schema';
import { redactUrl } from '../../plugins/log-redaction';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** The calendar (docs/company-api.md "Calendar", docs/decisions/065-calendar-time-zones-and-icalendar.md), both sides. */

const t = useDemoApp({ mail: true });
let key: string;
let otherKey: string;
let kitchen: number;
let kitchenEntity: number;
let lake: number;

const DAY = 86_400_000;
/** Whole hours from now, so upcoming and past stay so whenever the suite runs. */
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + hours * 3_600_000).toISOString();

beforeAll(async () => {
  const keys = apiKeysRepository(t.app.database.db);
  key = (await keys.create(t.ids.acme.id, 'crm', { scopes: ['calendar:read', 'calendar:write', 'company:read', 'company:write'] })).key;
  otherKey = (await keys.create(t.ids.brightside.id, 'crm', { scopes: ['calendar:read', 'calendar:write'] })).key;
  kitchen = (await t.app.database.db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
  kitchenEntity = t.ids.caseyEntities.find((entity) => entity.model_id === kitchen)!.id;
  lake = (await t.app.database.db.select().from(projects).where(eq(projects.company_id, t.ids.brightside.id)))[0]!.id;
  await company({ time_zone: 'America/Chicago' });
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = key) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
const company = async (changes: object) => {
  const response = await api('PATCH', '/api/integration/company', changes);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const create = async (payload: object, project = kitchen) => {
  const response = await api('POST', `/api/integration/projects/${project}/schedule-items`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; uid: string; sequence: number; status: string; starts_at: string; ends_at: string };
};
const portal = (url: string, as = t.casey) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
const itemCount = async () => (await t.app.database.db.select({ n: count() }).from(scheduleItems))[0]!.n;

/** The mails about one title, after the background sends settle. */
async function mailsAbout(title: string) {
  await t.app.mailer.idle();
  return t.smtp.messages.filter((mail) => mail.subject.includes(title));
}

/** Parses a calendar with ical.js and answers its events by UID. */
function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent');
  return {
    calendar,
    uids: events.map((event) => String(event.getFirstPropertyValue('uid'))),
    event(uid: string) {
      const found = events.find((event) => event.getFirstPropertyValue('uid') === uid);
      if (!found) return undefined;
      const event = new ICAL.Event(found);
      return { event, status: found.getFirstPropertyValue('status'), component: found };
    },
  };
}

describe('time zone', () => {
  it('takes an IANA name or UTC, refuses anything else naming the field, and shows it to the portal', async () => {
    for (const bad of ['Mars/Olympus', 'CST', '', 'america/chicago']) {
      const response = await api('PATCH', '/api/integration/company', { time_zone: bad });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['time_zone']);
    }
    expect((await company({ time_zone: 'UTC' })).time_zone).toBe('UTC');
    expect((await company({ time_zone: 'America/Chicago' })).time_zone).toBe('America/Chicago');
    const entity = await portal(`/api/entities/${kitchenEntity}?include=company`);
    if (entity.statusCode === 200) expect(JSON.stringify(entity.json())).toContain('"time_zone":"America/Chicago"');
    const [other] = await t.app.database.db.select({ zone: companies.time_zone }).from(companies).where(eq(companies.id, t.ids.brightside.id));
    expect(other!.zone).toBe('America/Los_Angeles');
    // A company that never chose one starts on the default of decision 065.
    const [fresh] = await t.app.database.db.insert(companies).values({ name: 'No zone yet' }).returning();
    expect(fresh!.time_zone).toBe('America/New_York');
    await t.app.database.db.delete(companies).where(eq(companies.id, fresh!.id));
  });
});

describe('schedule items, company side', () => {
  it('creates a timed item with a stable UID, stored in UTC from the offset given', async () => {
    const item = await create({ title: 'Tile delivery', starts_at: '2030-05-04T08:00:00-05:00', ends_at: '2030-05-04T09:30:00-05:00' });
    expect(item.uid).toMatch(new RegExp(`^${item.id}-[A-Za-z0-9_-]{16}@portal\\.test$`));
    expect(item).toMatchObject({ sequence: 0, status: 'scheduled', starts_at: '2030-05-04T13:00:00.000000Z', ends_at: '2030-05-04T14:30:00.000000Z' });
    expect(item).toMatchObject({ all_day: false, start_date: null, time_zone: 'America/Chicago', shared_with_portal: false });
    const read = (await api('GET', `/api/integration/schedule-items/${item.id}`)).json();
    expect(read.uid).toBe(item.uid);
  });

  it('refuses bad times, naming the field, and writes nothing', async () => {
    const before = await itemCount();
    const cases: [object, string][] = [
      [{ title: 'X', starts_at: '2030-05-04T10:00:00Z', ends_at: '2030-05-04T09:00:00Z' }, 'ends_at'],
      [{ title: 'X', starts_at: '2030-05-04T10:00:00', ends_at: '2030-05-04T11:00:00Z' }, 'starts_at'],
      [{ title: 'X', ends_at: '2030-05-04T11:00:00Z' }, 'starts_at'],
      [{ title: 'X', all_day: true }, 'start_date'],
      [{ title: 'X', all_day: true, start_date: '2030-05-04', end_date: '2030-05-03' }, 'end_date'],
      [{ title: 'X', all_day: true, start_date: '2030-02-30' }, 'start_date'],
      [{ title: 'X', all_day: true, start_date: '2030-05-04', starts_at: '2030-05-04T10:00:00Z' }, 'starts_at'],
      [{ title: '', starts_at: '2030-05-04T10:00:00Z', ends_at: '2030-05-04T11:00:00Z' }, 'title'],
      [{ title: 'X', starts_at: '1900-05-04T10:00:00Z', ends_at: '1900-05-04T11:00:00Z' }, 'starts_at'],
    ];
    for (const [payload, field] of cases) {
      const response = await api('POST', `/api/integration/projects/${kitchen}/schedule-items`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toHaveProperty([field]);
    }
    expect(await itemCount()).toBe(before);
  });

  it("refuses another company's staff member (422 assigned_staff_id) and takes its own", async () => {
    const [theirs] = await t.app.database.db.select().from(staff).where(eq(staff.company_id, t.ids.brightside.id));
    const [ours] = await t.app.database.db.select().from(staff).where(eq(staff.company_id, t.ids.acme.id));
    const before = await itemCount();
    const refused = await api('POST', `/api/integration/projects/${kitchen}/schedule-items`, {
      title: 'Visit',
      starts_at: '2030-05-04T10:00:00Z',
      ends_at: '2030-05-04T11:00:00Z',
      assigned_staff_id: theirs!.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['assigned_staff_id']);
    expect(await itemCount()).toBe(before);
    const item = await create({ title: 'Assigned', starts_at: '2030-05-04T10:00:00Z', ends_at: '2030-05-04T11:00:00Z', assigned_staff_id: ours!.id });
    expect((await api('GET', `/api/integration/schedule-items/${item.id}`)).json().assigned_staff).toEqual({ id: ours!.id, name: ours!.name });
    const patched = await api('PATCH', `/api/integration/schedule-items/${item.id}`, { assigned_staff_id: theirs!.id });
    expect(patched.statusCode).toBe(422);
  });

  it("answers 404 for another company's project and item, and lists none of them", async () => {
    const theirs = (
      await api(
        'POST',
        `/api/integration/projects/${lake}/schedule-items`,
        { title: 'Theirs', starts_at: '2030-05-04T10:00:00Z', ends_at: '2030-05-04T11:00:00Z' },
        otherKey,
      )
    ).json();
    expect((await api('GET', `/api/integration/projects/${lake}/schedule-items`)).statusCode).toBe(404);
    expect(
      (
        await api('POST', `/api/integration/projects/${lake}/schedule-items`, {
          title: 'X',
          starts_at: '2030-05-04T10:00:00Z',
          ends_at: '2030-05-04T11:00:00Z',
        })
      ).statusCode,
    ).toBe(404);
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/cancel'],
      ['DELETE', ''],
    ] as const) {
      const response = await api(method, `/api/integration/schedule-items/${theirs.id}${suffix}`, method === 'PATCH' ? { title: 'Mine' } : undefined);
      expect(response.statusCode).toBe(404);
    }
    const all = (await api('GET', '/api/integration/schedule-items?page[size]=100')).json();
    expect(all.data.map((item: { id: number }) => item.id)).not.toContain(theirs.id);
    expect((await api('GET', `/api/integration/schedule-items/${theirs.id}`, undefined, otherKey)).json().title).toBe('Theirs');
  });

  it('lists a range, by status and sharing, and since a moment', async () => {
    const a = await create({ title: 'Range A', starts_at: '2031-01-10T15:00:00Z', ends_at: '2031-01-10T16:00:00Z' });
    const b = await create({ title: 'Range B', all_day: true, start_date: '2031-01-12', shared_with_portal: true });
    await create({ title: 'Range C', starts_at: '2031-01-20T15:00:00Z', ends_at: '2031-01-20T16:00:00Z' });
    const ids = async (query: string) =>
      (await api('GET', `/api/integration/projects/${kitchen}/schedule-items?${query}`)).json().data.map((item: { id: number }) => item.id);
    expect(await ids('filter[from]=2031-01-01&filter[to]=2031-01-12')).toEqual([a.id, b.id]);
    // The last day of an all-day item ends at midnight in Chicago, 06:00Z the next day.
    expect(await ids('filter[from]=2031-01-13T05:59:00Z&filter[to]=2031-01-15')).toEqual([b.id]);
    expect(await ids('filter[from]=2031-01-13T06:00:00Z&filter[to]=2031-01-15')).toEqual([]);
    expect(await ids('filter[from]=2031-01-01&filter[to]=2031-01-31&filter[shared_with_portal]=true')).toEqual([b.id]);
    expect(await ids('filter[from]=2031-01-01&filter[to]=2031-01-31&sort=-starts_at')).toHaveLength(3);
    expect(await ids('filter[updated_since]=2099-01-01T00:00:00Z')).toEqual([]);
    expect((await api('GET', `/api/integration/projects/${kitchen}/schedule-items?filter[from]=tomorrow`)).statusCode).toBe(400);
    expect((await api('GET', `/api/integration/projects/${kitchen}/schedule-items?filter[status]=maybe`)).statusCode).toBe(400);
  });

  it('stores all-day items as dates in the company zone, across a clock change, and keeps the dates when the zone changes', async () => {
    // 2030-03-10 is the day clocks go forward in Chicago.
    const item = await create({ title: 'Framing inspection', all_day: true, start_date: '2030-03-09', end_date: '2030-03-10' });
    expect(item).toMatchObject({ starts_at: '2030-03-09T06:00:00.000000Z', ends_at: '2030-03-11T05:00:00.000000Z' });
    await company({ time_zone: 'America/Los_Angeles' });
    try {
      const moved = (await api('GET', `/api/integration/schedule-items/${item.id}`)).json();
      expect(moved).toMatchObject({
        start_date: '2030-03-09',
        end_date: '2030-03-10',
        starts_at: '2030-03-09T08:00:00.000000Z',
        ends_at: '2030-03-11T07:00:00.000000Z',
      });
    } finally {
      await company({ time_zone: 'America/Chicago' });
    }
  });
});

describe('moves, cancels and the notices they send', () => {
  it('emails the customers of a shared item once per change they must hear of, with the .ics attached', async () => {
    const title = 'Cabinet install';
    const item = await create({ title, starts_at: '2030-06-03T08:00:00-05:00', ends_at: '2030-06-03T12:00:00-05:00', shared_with_portal: true });
    const added = await mailsAbout(title);
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((mail) => mail.subject.startsWith('Visit scheduled'))).toBe(true);
    expect(added[0]!.text).toContain('Monday, June 3, 2030, 8:00 AM – 12:00 PM CDT');
    expect(added[0]!.raw).toContain('text/calendar');
    const recipients = added.length;

    // A retried create of the same event (the notice key) sends nothing more; a move sends again.
    const moved = await api('PATCH', `/api/integration/schedule-items/${item.id}`, {
      starts_at: '2030-06-04T08:00:00-05:00',
      ends_at: '2030-06-04T12:00:00-05:00',
    });
    expect(moved.json().sequence).toBe(1);
    expect((await mailsAbout(title)).filter((mail) => mail.subject.startsWith('Visit moved'))).toHaveLength(recipients);

    // Words only: SEQUENCE moves, nobody is emailed; the same times again change nothing.
    const renamed = await api('PATCH', `/api/integration/schedule-items/${item.id}`, { notes: 'Bring the spare hinges.' });
    expect(renamed.json().sequence).toBe(2);
    const same = await api('PATCH', `/api/integration/schedule-items/${item.id}`, { starts_at: '2030-06-04T13:00:00Z', ends_at: '2030-06-04T17:00:00Z' });
    expect(same.json().sequence).toBe(2);
    const again = await api('PATCH', `/api/integration/schedule-items/${item.id}`, { starts_at: '2030-06-05T13:00:00Z', ends_at: '2030-06-05T17:00:00Z' });
    expect(again.json().sequence).toBe(3);
    expect((await mailsAbout(title)).filter((mail) => mail.subject.startsWith('Visit moved'))).toHaveLength(recipients * 2);

    const cancelled = await api('POST', `/api/integration/schedule-items/${item.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sequence: 4 });
    expect(cancelled.json().cancelled_at).not.toBeNull();
    expect((await mailsAbout(title)).filter((mail) => mail.subject.startsWith('Visit cancelled'))).toHaveLength(recipients);
    // Cancelling again is a no-op; a cancelled item is not moved.
    expect((await api('POST', `/api/integration/schedule-items/${item.id}/cancel`)).json().sequence).toBe(4);
    expect((await api('PATCH', `/api/integration/schedule-items/${item.id}`, { title: 'Back on' })).statusCode).toBe(409);
    expect(await mailsAbout(title)).toHaveLength(recipients * 4);
  });

  it('never emails about an internal item, and tells of it as new once it is shared', async () => {
    const title = 'Crew walkthrough';
    const item = await create({ title, starts_at: '2030-06-10T13:00:00Z', ends_at: '2030-06-10T14:00:00Z' });
    await api('PATCH', `/api/integration/schedule-items/${item.id}`, { starts_at: '2030-06-11T13:00:00Z', ends_at: '2030-06-11T14:00:00Z' });
    await api('POST', `/api/integration/schedule-items/${item.id}/cancel`);
    expect(await mailsAbout(title)).toHaveLength(0);
    const shared = await create({ title: 'Quiet prep', starts_at: '2030-06-12T13:00:00Z', ends_at: '2030-06-12T14:00:00Z' });
    await api('PATCH', `/api/integration/schedule-items/${shared.id}`, { shared_with_portal: true });
    expect((await mailsAbout('Quiet prep')).every((mail) => mail.subject.startsWith('Visit scheduled'))).toBe(true);
    expect((await mailsAbout('Quiet prep')).length).toBeGreaterThan(0);
  });

  it("respects the customer's choice and the company's switch", async () => {
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: bearer(t.casey), payload });
    expect((await patch({ schedule: false })).json()).toMatchObject({ schedule: false });
    try {
      await create({ title: 'Quiet install', starts_at: '2030-06-13T13:00:00Z', ends_at: '2030-06-13T14:00:00Z', shared_with_portal: true });
      expect((await mailsAbout('Quiet install')).filter((mail) => mail.to.includes(t.ids.casey.email))).toHaveLength(0);
    } finally {
      await patch({ schedule: true });
    }
    await company({ is_portal_project_calendar_enabled: false });
    try {
      await create({ title: 'Switched off visit', starts_at: '2030-06-14T13:00:00Z', ends_at: '2030-06-14T14:00:00Z', shared_with_portal: true });
      expect(await mailsAbout('Switched off visit')).toHaveLength(0);
    } finally {
      await company({ is_portal_project_calendar_enabled: true });
    }
  });
});

describe('the portal', () => {
  let upcoming: { id: number; uid: string };
  let soon: { id: number };
  let past: { id: number };
  let internal: { id: number };

  beforeAll(async () => {
    upcoming = await create({ title: 'Portal later', starts_at: hoursFromNow(72), ends_at: hoursFromNow(74), shared_with_portal: true });
    soon = await create({ title: 'Portal soon', starts_at: hoursFromNow(24), ends_at: hoursFromNow(25), shared_with_portal: true });
    past = await create({ title: 'Portal before', starts_at: hoursFromNow(-48), ends_at: hoursFromNow(-47), shared_with_portal: true });
    internal = await create({ title: 'Portal internal', starts_at: hoursFromNow(30), ends_at: hoursFromNow(31) });
  });

  const list = async (query = '') => {
    const response = await portal(`/api/calendar?entity=${kitchenEntity}&page[size]=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: number; title: string; time_zone: string; ics_path: string }[]; total: number };
  };

  it('lists upcoming items next first and past ones newest first, never an internal one', async () => {
    const next = (await list()).data.map((item) => item.id);
    expect(next.indexOf(soon.id)).toBeLessThan(next.indexOf(upcoming.id));
    expect(next).not.toContain(past.id);
    expect(next).not.toContain(internal.id);
    const before = (await list('&filter[when]=past')).data.map((item) => item.id);
    expect(before).toContain(past.id);
    expect(before).not.toContain(soon.id);
    const first = (await list()).data[0]!;
    expect(first.time_zone).toBe('America/Chicago');
    expect((await portal(`/api/calendar?entity=${kitchenEntity}&filter[when]=someday`)).statusCode).toBe(400);
  });

  it('lists a month by range, and pages', async () => {
    const month = (await list('&filter[from]=2031-01-01&filter[to]=2031-01-31')).data.map((item) => item.title);
    expect(month).toEqual(['Range B']);
    const paged = (await portal(`/api/calendar?entity=${kitchenEntity}&page[size]=1`)).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.next_page_url).not.toBeNull();
  });

  it('answers 404 for an internal item, another project, and while the calendar is switched off', async () => {
    expect((await portal(`/api/calendar/${upcoming.id}?entity=${kitchenEntity}`)).json().title).toBe('Portal later');
    expect((await portal(`/api/calendar/${internal.id}?entity=${kitchenEntity}`)).statusCode).toBe(404);
    expect((await portal(`/api/calendar/${internal.id}/ics?entity=${kitchenEntity}`)).statusCode).toBe(404);
    const otherEntity = t.ids.caseyEntities.find((entity) => entity.model_id !== kitchen && entity.company_id === t.ids.acme.id);
    if (otherEntity) expect((await portal(`/api/calendar/${upcoming.id}?entity=${otherEntity.id}`)).statusCode).toBe(404);
    const brightsideEntity = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id);
    if (brightsideEntity) expect((await portal(`/api/calendar?entity=${brightsideEntity.id}`)).statusCode).toBe(404);
    const nicoEntity = t.ids.nicoEntities[0]!;
    expect((await portal(`/api/calendar/${upcoming.id}?entity=${nicoEntity.id}`, t.nico)).statusCode).toBe(404);
    expect((await portal(`/api/calendar?entity=${kitchenEntity}`, t.nico)).statusCode).toBe(404);
    await company({ is_portal_project_calendar_enabled: false });
    try {
      expect((await portal(`/api/calendar?entity=${kitchenEntity}`)).statusCode).toBe(404);
      expect((await portal(`/api/calendar/${upcoming.id}/ics?entity=${kitchenEntity}`)).statusCode).toBe(404);
      // The company side keeps working.
      expect((await api('GET', `/api/integration/schedule-items/${upcoming.id}`)).statusCode).toBe(200);
    } finally {
      await company({ is_portal_project_calendar_enabled: true });
    }
  });

  it('serves one item as an .ics a real parser reads: UID, SEQUENCE, UTC times, escaped text', async () => {
    const item = await create({
      title: 'Plumbing; rough-in, phase 2',
      notes: 'Line one\nLine two, with a comma \\ and a backslash. ' + 'Long text '.repeat(20),
      location: 'Back door, 12 Elm St',
      starts_at: '2030-03-10T01:30:00-06:00',
      ends_at: '2030-03-10T03:30:00-05:00',
      shared_with_portal: true,
    });
    const response = await portal(`/api/calendar/${item.id}/ics?entity=${kitchenEntity}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="plumbing-rough-in-phase-2.ics"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.body;
    expect(body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(body).toContain('METHOD:PUBLISH');
    expect(body).not.toMatch(/[^\r]\n/);
    const parsed = parse(body).event(item.uid)!;
    expect(parsed.event.summary).toBe('Plumbing; rough-in, phase 2');
    expect(parsed.event.description).toContain('Line one\nLine two, with a comma \\ and a backslash.');
    expect(parsed.event.location).toBe('Back door, 12 Elm St');
    expect(parsed.event.sequence).toBe(0);
    // Across the spring-forward in Chicago: 01:30 CST to 03:30 CDT is one hour.
    expect(parsed.event.startDate.toJSDate().toISOString()).toBe('2030-03-10T07:30:00.000Z');
    expect(parsed.event.endDate.toJSDate().toISOString()).toBe('2030-03-10T08:30:00.000Z');
    expect(parsed.event.startDate.zone.tzid).toBe('UTC');
  });
});

describe('the personal feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;
  const fetchFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('makes a secret URL, serves every shared item of the user’s projects, rotates and revokes', async () => {
    expect((await portal('/api/account/calendar-feed')).json()).toMatchObject({ active: false });
    const made = await t.app.inject({ method: 'POST', url: '/api/account/calendar-feed', headers: bearer(t.casey) });
    expect(made.statusCode).toBe(201);
    const { url, webcal_url: webcal } = made.json();
    expect(url).toMatch(/^http:\/\/portal\.test\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcal).toBe(url.replace('http:', 'webcal:'));
    const [stored] = await t.app.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.portal_user_id, t.ids.casey.id));
    expect(url).not.toContain(stored!.token_hash);

    const shared = await create({ title: 'Feed visit', starts_at: '2030-07-01T14:00:00Z', ends_at: '2030-07-01T15:00:00Z', shared_with_portal: true });
    const allDay = await create({ title: 'Feed day', all_day: true, start_date: '2030-11-02', end_date: '2030-11-03', shared_with_portal: true });
    const hidden = await create({ title: 'Feed internal', starts_at: '2030-07-02T14:00:00Z', ends_at: '2030-07-02T15:00:00Z' });
    const gone = await create({ title: 'Feed cancelled', starts_at: '2030-07-03T14:00:00Z', ends_at: '2030-07-03T15:00:00Z', shared_with_portal: true });
    await api('PATCH', `/api/integration/schedule-items/${shared.id}`, { starts_at: '2030-07-01T16:00:00Z', ends_at: '2030-07-01T17:00:00Z' });
    await api('POST', `/api/integration/schedule-items/${gone.id}/cancel`);
    const old = await create({
      title: 'Feed long ago',
      starts_at: new Date(Date.now() - 120 * DAY).toISOString(),
      ends_at: new Date(Date.now() - 120 * DAY + 3_600_000).toISOString(),
      shared_with_portal: true,
    });
    const theirs = (
      await api(
        'POST',
        `/api/integration/projects/${lake}/schedule-items`,
        { title: 'Feed theirs', starts_at: '2030-07-01T14:00:00Z', ends_at: '2030-07-01T15:00:00Z', shared_with_portal: true },
        otherKey,
      )
    ).json();

    const response = await fetchFeed(feedPath(url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const feed = parse(response.body);
    expect(feed.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const visit = feed.event(shared.uid)!;
    expect(visit.event.sequence).toBe(1);
    expect(visit.event.startDate.toJSDate().toISOString()).toBe('2030-07-01T16:00:00.000Z');
    const day = feed.event(allDay.uid)!;
    expect(day.event.startDate.isDate).toBe(true);
    expect(day.event.startDate.toString()).toBe('2030-11-02');
    // DTEND of an all-day event is exclusive: the day after the last, here across the fall-back in Chicago.
    expect(day.event.endDate.toString()).toBe('2030-11-04');
    expect(feed.event(gone.uid)!.status).toBe('CANCELLED');
    expect(feed.event(gone.uid)!.event.sequence).toBe(1);
    expect(feed.event(hidden.uid)).toBeUndefined();
    expect(feed.event(old.uid)).toBeUndefined();
    expect(feed.uids).not.toContain(theirs.uid);
    expect((await portal('/api/account/calendar-feed')).json()).toMatchObject({ active: true });
    expect((await portal('/api/account/calendar-feed')).json().last_used_at).not.toBeNull();

    // The switch off leaves the company's items out.
    await company({ is_portal_project_calendar_enabled: false });
    try {
      expect(parse((await fetchFeed(feedPath(url))).body).event(shared.uid)).toBeUndefined();
    } finally {
      await company({ is_portal_project_calendar_enabled: true });
    }

    const rotated = (await t.app.inject({ method: 'POST', url: '/api/account/calendar-feed', headers: bearer(t.casey) })).json();
    expect((await fetchFeed(feedPath(url))).statusCode).toBe(404);
    expect((await fetchFeed(feedPath(rotated.url))).statusCode).toBe(200);
    // Nico's feed never holds Casey's projects.
    const nicos = (await t.app.inject({ method: 'POST', url: '/api/account/calendar-feed', headers: bearer(t.nico) })).json();
    expect(parse((await fetchFeed(feedPath(nicos.url))).body).uids).not.toContain(shared.uid);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/calendar-feed', headers: bearer(t.casey) })).statusCode).toBe(204);
    const revoked = await fetchFeed(feedPath(rotated.url));
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ message: 'Not found.' });
    expect((await portal('/api/account/calendar-feed')).json()).toMatchObject({ active: false });
  });

  it('answers 404 in the one error shape for a wrong token, and keeps tokens out of logs', async () => {
    for (const path of ['/api/calendar-feeds/nope.ics', `/api/calendar-feeds/${'A'.repeat(43)}.ics`, `/api/calendar-feeds/${'A'.repeat(43)}`]) {
      const response = await fetchFeed(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    expect(redactUrl(`/api/calendar-feeds/${'b'.repeat(43)}.ics`)).toBe('/api/calendar-feeds/[redacted]');
  });
});
