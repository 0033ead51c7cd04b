import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { addDays, formatDayHeading, monthOfDay, todayIn, zonedToInstant } from '../apps/web/src/lib/calendar-dates';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { recordSecret } from './support/run-log';
import { acceptStaffInvitation, companyApi, createCompany, invitedCustomer, staffPage } from './support/staff';

/**
 * The project calendar from end to end (docs/staff-console.md "Schedule", docs/company-api.md "Calendar"): the owner sets
 * the company's time zone and schedules a visit in the console; the customer finds it in the agenda and the month view
 * at desktop and phone width, in the company's zone and naming it, and downloads its .ics; the customer makes a feed URL
 * on the account page, which a real iCalendar parser reads; the office moves the visit and the feed follows with a
 * higher SEQUENCE; cancel, rotate and revoke; with the switch off the area is gone from the portal and its API.
 *
 * Over 30 s: a server of its own, pages at two widths, and the feed read again after each change the office makes.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const LOAD = { timeout: 15_000 };
const ZONE = 'America/Chicago';

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let apiKey = '';
let ownerToken = '';
let customerToken = '';
let projectId = 0;
let entityId = 0;
let otherProjectId = 0;
let feedUrl = '';
let firstSequence = -1;

/** The visit's day: two days ahead in the company's zone, so it is upcoming whatever the hour the test runs. */
let visitDay = '';
const visitStart = () => zonedToInstant(visitDay, '09:00', ZONE);
const movedStart = () => zonedToInstant(visitDay, '13:00', ZONE);

async function asCustomer(url: string): Promise<Response> {
  return fetch(`${server.url}/api${url}`, { headers: { Authorization: `Bearer ${customerToken}` } });
}

async function portalPage(width: number) {
  const opened = await newPage(browser, { baseURL: server.url, width, height: 900 });
  await opened.context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, customerToken] as const);
  return opened;
}

/** The VEVENTs of an iCalendar text, as ical.js reads them. */
function events(text: string): InstanceType<typeof ICAL.Event>[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

async function feed(url = feedUrl): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

const noHorizontalScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false' });
  browser = await launchChromium();
  visitDay = addDays(todayIn(ZONE), 2);

  const company = await createCompany(server, { name: 'Harbor Roofing', ownerEmail: 'owner@harbor.example', ownerName: 'Hana Harbor', color: '#0f766e' });
  apiKey = company.apiKey;
  ownerToken = await acceptStaffInvitation(server, company.invitation, 'harbor-owner-password');
  await companyApi(server, apiKey, 'PATCH', '/company', { is_portal_project_calendar_enabled: true });
  projectId = (
    await companyApi<{ id: number }>(server, apiKey, 'POST', '/projects', {
      name: 'Roof replacement',
      number: 'HR-1001',
      address_street: '4512 Avenue F',
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78751',
    })
  ).id;

  ({ token: customerToken, entityId } = await invitedCustomer(server, smtp, apiKey, projectId));

  const other = await createCompany(server, { name: 'Lakeside Builders', ownerEmail: 'owner@lakeside.example' });
  otherProjectId = (await companyApi<{ id: number }>(server, other.apiKey, 'POST', '/projects', { name: 'Lake house' })).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const schedulePath = () => `/staff/projects/${projectId}/schedule`;
const row = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

describe('the office schedules a visit', () => {
  it('sets the company’s time zone in the settings', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto('/staff/settings');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect.poll(() => zone.isVisible(), LOAD).toBe(true);
    expect(await zone.inputValue()).toBe('America/New_York');
    await page.getByLabel('Search time zones').fill('chicago');
    await zone.selectOption('America/Chicago');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect.poll(() => page.getByText('Time zone saved', { exact: true }).isVisible(), LOAD).toBe(true);
    expect((await companyApi<{ time_zone: string }>(server, apiKey, 'GET', '/company')).time_zone).toBe(ZONE);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('adds a shared visit in the console, beside an internal one and an all-day one', async () => {
    // What the test does not drive: an internal visit and an all-day one, through the API.
    await companyApi(server, apiKey, 'POST', `/projects/${projectId}/schedule-items`, {
      title: 'Crew briefing',
      starts_at: `${visitDay}T07:00:00-06:00`,
      ends_at: `${visitDay}T07:30:00-06:00`,
      shared_with_portal: false,
    });
    await companyApi(server, apiKey, 'POST', `/projects/${projectId}/schedule-items`, {
      title: 'Shingle delivery',
      all_day: true,
      start_date: addDays(visitDay, 1),
      end_date: addDays(visitDay, 2),
      shared_with_portal: true,
    });

    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(schedulePath());
    await expect.poll(() => row(page, 'Crew briefing').isVisible(), LOAD).toBe(true);
    expect(await row(page, 'Crew briefing').getByText('Internal: customers do not see this').isVisible()).toBe(true);
    expect(
      await row(page, 'Shingle delivery')
        .getByText(/^All day, /)
        .isVisible(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Add a visit' }).click();
    const form = page.getByRole('form', { name: 'New visit' });
    // The server says what is missing, beside the field.
    await form.getByRole('button', { name: 'Add the visit' }).click();
    await expect.poll(() => form.getByText('The title field is required.').isVisible(), LOAD).toBe(true);
    await expectNoAxeViolations(page);

    await form.getByLabel('Title').fill('Roof inspection');
    await form.getByLabel('Start date').fill(visitDay);
    await form.getByLabel('Start time').fill('09:00');
    await form.getByLabel('End date').fill(visitDay);
    await form.getByLabel('End time').fill('11:00');
    await form.getByLabel('Assigned to').selectOption({ label: 'Hana Harbor' });
    await form.getByLabel('Notes').fill('Please keep the driveway clear.');
    expect(await form.getByRole('checkbox', { name: 'Shared with the customer' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Add the visit' }).click();
    await expect.poll(() => row(page, 'Roof inspection').isVisible(), LOAD).toBe(true);
    const visit = row(page, 'Roof inspection');
    expect(await visit.getByText('9:00 AM – 11:00 AM CST (America/Chicago)').isVisible()).toBe(true);
    expect(await visit.getByText('Hana Harbor').isVisible()).toBe(true);
    expect(await visit.getByText('Internal: customers do not see this').count()).toBe(0);

    await expectNoAxeViolations(page);
    // The toast leaves after its five seconds: the picture shows the page.
    await expect.poll(() => page.getByText('Visit added', { exact: true }).count(), LOAD).toBe(0);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-schedule-1280.png'), fullPage: true });
    expect(consoleErrors.filter((error) => !error.includes('422'))).toEqual([]);
    await context.close();
  });

  it('reads well at phone width', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken, { width: 375, height: 800 });
    await page.goto(schedulePath());
    await expect.poll(() => row(page, 'Roof inspection').isVisible(), LOAD).toBe(true);
    await noHorizontalScroll(page, 375);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-schedule-375.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the customer', () => {
  it('finds the visit in the agenda, in the company’s zone and naming it, and downloads its .ics', async () => {
    for (const width of [1280, 375]) {
      const { context, page, consoleErrors } = await portalPage(width);
      await page.goto(`/?entity=${entityId}`);
      await expect
        .poll(
          () =>
            page
              .getByRole('link', { name: /Calendar/ })
              .first()
              .isVisible(),
          LOAD,
        )
        .toBe(true);
      await page.goto(`/calendar?entity=${entityId}`);
      const visit = page.getByRole('article', { name: 'Roof inspection' });
      await expect.poll(() => visit.isVisible(), LOAD).toBe(true);
      expect(await visit.getByText('9:00 AM – 11:00 AM CST (America/Chicago)').isVisible()).toBe(true);
      expect(await visit.getByText('Hana Harbor').isVisible()).toBe(true);
      expect(await visit.getByText('Please keep the driveway clear.').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: formatDayHeading(visitDay) }).isVisible()).toBe(true);
      expect(
        await page
          .getByRole('article', { name: 'Shingle delivery' })
          .getByText(/^All day, /)
          .isVisible(),
      ).toBe(true);
      // The internal visit never reaches the portal.
      expect(await page.getByText('Crew briefing').count()).toBe(0);
      await noHorizontalScroll(page, width);
      await expectNoAxeViolations(page);
      await settledScreenshot(page, { path: path.join(screenshots, `calendar-agenda-${width}.png`), fullPage: true });

      if (width === 1280) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          visit.getByRole('button', { name: 'Add Roof inspection to calendar (.ics)' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.ics$/);
        const [event] = events(await readFile((await download.path())!, 'utf8'));
        expect(event!.summary).toBe('Roof inspection');
        expect(event!.startDate.toJSDate().toISOString()).toBe(visitStart().toISOString());
        // Past visits: none yet.
        await page.getByRole('link', { name: 'Show past visits' }).click();
        await expect.poll(() => page.getByRole('heading', { name: 'No past visits' }).isVisible(), LOAD).toBe(true);
        expect(new URL(page.url()).searchParams.get('past')).toBe('true');
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('finds it in the month view, by pointer and by keyboard', async () => {
    for (const width of [1280, 375]) {
      const { context, page, consoleErrors } = await portalPage(width);
      await page.goto(`/calendar?entity=${entityId}`);
      await page.getByRole('link', { name: 'Month', exact: true }).click();
      const month = monthOfDay(visitDay);
      const grid = page.getByRole('grid');
      await expect.poll(() => grid.isVisible(), LOAD).toBe(true);
      expect(new URL(page.url()).searchParams.get('view')).toBe('month');
      // Two days ahead may be next month.
      if (monthOfDay(todayIn(ZONE)) !== month) await page.getByRole('button', { name: /^Next month/ }).click();
      expect(new URL(page.url()).searchParams.get('month') ?? month).toBe(month);
      // The visit's day holds the shared visits only (the internal one is left out).
      const cell = page.getByRole('gridcell', { name: new RegExp(`^${formatDayHeading(visitDay)}.*, 1 visit$`) });
      await expect.poll(() => cell.isVisible(), LOAD).toBe(true);
      await cell.click();
      const dayList = page.getByRole('list', { name: `Visits on ${formatDayHeading(visitDay)}` });
      await expect.poll(() => dayList.getByRole('article', { name: 'Roof inspection' }).isVisible(), LOAD).toBe(true);
      expect(new URL(page.url()).searchParams.get('day')).toBe(visitDay);

      // The keyboard: a day to the right is the delivery's, back, then Enter reads the day.
      await cell.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => dayList.count(), LOAD).toBe(0);
      await expect.poll(() => page.getByRole('article', { name: 'Shingle delivery' }).isVisible(), LOAD).toBe(true);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => dayList.getByRole('article', { name: 'Roof inspection' }).isVisible(), LOAD).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('day-visits');

      await noHorizontalScroll(page, width);
      await expectNoAxeViolations(page);
      await settledScreenshot(page, { path: path.join(screenshots, `calendar-month-${width}.png`), fullPage: true });
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('subscribes from the account page, and the feed holds the visit at its time', async () => {
    const { context, page, consoleErrors } = await portalPage(1280);
    await page.goto(`/account?entity=${entityId}`);
    const section = page.getByRole('region', { name: 'Subscribe in your calendar app' });
    await expect.poll(() => section.getByRole('button', { name: 'Create my calendar link' }).isVisible(), LOAD).toBe(true);
    expect(await section.getByText(/Anyone with the link sees your projects’ visits/).isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Create my calendar link' }).click();
    const shown = section.getByLabel('Calendar link');
    await expect.poll(() => shown.isVisible(), LOAD).toBe(true);
    feedUrl = (await shown.textContent())!.trim();
    recordSecret('the calendar feed secret', /\/calendar-feeds\/([^/.]+)/.exec(feedUrl)?.[1]);
    expect(feedUrl).toMatch(/^https?:\/\/.+\.ics$/);
    expect(await section.getByRole('link', { name: 'Open it in your calendar app' }).getAttribute('href')).toMatch(/^webcal:\/\//);
    await expectNoAxeViolations(page);

    const { status, text } = await feed();
    expect(status).toBe(200);
    const all = events(text);
    const visit = all.find((event) => event.summary === 'Roof inspection')!;
    expect(visit.startDate.toJSDate().toISOString()).toBe(visitStart().toISOString());
    expect(visit.endDate.toJSDate().toISOString()).toBe(zonedToInstant(visitDay, '11:00', ZONE).toISOString());
    expect(all.some((event) => event.summary === 'Crew briefing')).toBe(false);
    const delivery = all.find((event) => event.summary === 'Shingle delivery')!;
    expect(delivery.startDate.isDate).toBe(true);
    expect(delivery.startDate.toString()).toBe(addDays(visitDay, 1));
    firstSequence = visit.sequence;
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the office moves and cancels', () => {
  it('moves the visit, and the feed shows the new time with a higher SEQUENCE', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(schedulePath());
    await expect.poll(() => row(page, 'Roof inspection').isVisible(), LOAD).toBe(true);
    await row(page, 'Roof inspection').getByRole('button', { name: 'Edit or move Roof inspection' }).click();
    const form = page.getByRole('form', { name: 'Edit Roof inspection' });
    expect(await form.getByLabel('Start time').inputValue()).toBe('09:00');
    await form.getByLabel('Start time').fill('13:00');
    await form.getByLabel('End time').fill('15:00');
    await form.getByRole('button', { name: 'Save the visit' }).click();
    await expect.poll(() => row(page, 'Roof inspection').getByText('1:00 PM – 3:00 PM CST (America/Chicago)').isVisible(), LOAD).toBe(true);

    const visit = events((await feed()).text).find((event) => event.summary === 'Roof inspection')!;
    expect(visit.startDate.toJSDate().toISOString()).toBe(movedStart().toISOString());
    expect(visit.sequence).toBeGreaterThan(firstSequence);

    // Cancelling asks first; the visit stays, marked, and the feed says so.
    await row(page, 'Shingle delivery').getByRole('button', { name: 'Cancel Shingle delivery' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Shingle delivery?' });
    await expect.poll(() => dialog.isVisible(), LOAD).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel the visit' }).click();
    await expect.poll(() => row(page, 'Shingle delivery').getByText('Cancelled', { exact: true }).isVisible(), LOAD).toBe(true);
    const delivery = events((await feed()).text).find((event) => event.summary === 'Shingle delivery')!;
    expect(delivery.component.getFirstPropertyValue('status')).toBe('CANCELLED');

    // Deleting the internal one asks too, and it is gone.
    await row(page, 'Crew briefing').getByRole('button', { name: 'Delete Crew briefing' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => row(page, 'Crew briefing').count(), LOAD).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('lets the customer get a new link, which voids the old, and turn it off', async () => {
    const { context, page, consoleErrors } = await portalPage(375);
    await page.goto(`/account?entity=${entityId}`);
    const section = page.getByRole('region', { name: 'Subscribe in your calendar app' });
    await expect.poll(() => section.getByRole('button', { name: 'Get a new link' }).isVisible(), LOAD).toBe(true);
    await section.getByRole('button', { name: 'Get a new link' }).click();
    await expect.poll(() => section.getByLabel('Calendar link').isVisible(), LOAD).toBe(true);
    const newUrl = (await section.getByLabel('Calendar link').textContent())!.trim();
    expect(newUrl).not.toBe(feedUrl);
    expect((await feed(feedUrl)).status).toBe(404);
    expect((await feed(newUrl)).status).toBe(200);
    await noHorizontalScroll(page, 375);
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: 'Turn off the link' }).click();
    await expect.poll(() => section.getByRole('button', { name: 'Create my calendar link' }).isVisible(), LOAD).toBe(true);
    expect((await feed(newUrl)).status).toBe(404);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the calendar switched off', () => {
  it('leaves no link, shows the area-off message, and the portal API answers 404; the console says so', async () => {
    await companyApi(server, apiKey, 'PATCH', '/company', { is_portal_project_calendar_enabled: false });
    const { context, page, consoleErrors } = await portalPage(1280);
    await page.goto(`/?entity=${entityId}`);
    await expect.poll(() => page.getByRole('navigation', { name: 'Project areas' }).isVisible(), LOAD).toBe(true);
    expect(await page.getByRole('link', { name: /Calendar/ }).count()).toBe(0);
    await page.goto(`/calendar?entity=${entityId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'The calendar is not available' }).isVisible(), LOAD).toBe(true);
    await expectNoAxeViolations(page);
    expect((await asCustomer(`/calendar?entity=${entityId}`)).status).toBe(404);
    expect(consoleErrors).toEqual([]);
    await context.close();

    const staff = await staffPage(browser, server, ownerToken);
    await staff.page.goto(schedulePath());
    await expect.poll(() => staff.page.getByRole('note').filter({ hasText: 'switched off in the portal' }).isVisible(), LOAD).toBe(true);
    // The office keeps working on it.
    await expect.poll(() => row(staff.page, 'Roof inspection').isVisible(), LOAD).toBe(true);
    await staff.context.close();
    await companyApi(server, apiKey, 'PATCH', '/company', { is_portal_project_calendar_enabled: true });
  });

  it("reads Page not found for another company's project", async () => {
    const { context, page } = await staffPage(browser, server, ownerToken);
    await page.goto(`/staff/projects/${otherProjectId}/schedule`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible(), LOAD).toBe(true);
    await context.close();
  });
});
