import type { IntegrationCompany, IntegrationScheduleItem, IntegrationScheduleItemPage } from '@portal/contract';
import type { PortalClient } from '../client';
import { defineCommand, idOption, textOption, type CommandContext } from '../command';
import { UsageError } from '../errors';
import { momentInZone, wallClockInZone } from '../local-time';

/** One line per visit: what a terminal shows of the schedule, its times on the company's clock. */
function describeVisit(item: IntegrationScheduleItem): string {
  const start = wallClockInZone(item.starts_at, item.time_zone);
  const end = wallClockInZone(item.ends_at, item.time_zone);
  const when = item.all_day
    ? `${item.start_date}${item.end_date !== item.start_date ? ` to ${item.end_date}` : ''} (all day)`
    : `${start} to ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end} (${item.time_zone})`;
  const flags = [item.shared_with_portal ? 'shared' : 'internal', item.status === 'cancelled' ? 'cancelled' : null, `sequence ${item.sequence}`]
    .filter(Boolean)
    .join(', ');
  return `Visit ${item.id} on project ${item.project_id}: ${item.title}, ${when} [${flags}]${item.assigned_staff ? ` with ${item.assigned_staff.name}` : ''}.`;
}

/**
 * --start/--end as the API takes them: dates with --all-day; otherwise moments, a time without an offset read on the
 * company's clock (its time_zone, asked of the server once, only when needed).
 */
async function timesOf(client: PortalClient, options: CommandContext['options'], required: boolean) {
  const start = textOption(options, 'start');
  const end = textOption(options, 'end');
  if (required && !start) throw new UsageError('--start is required.');
  if (options['all-day'] === true) {
    return { all_day: true, ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) };
  }
  if (required && !end) throw new UsageError('--end is required for a visit with times (or give --all-day).');
  let zone: Promise<string> | undefined;
  const companyZone = () => (zone ??= client.company('GET', '/integration/company').then((company) => (company as IntegrationCompany).time_zone));
  const moment = async (name: 'start' | 'end', typed: string | undefined) => {
    if (typed === undefined) return undefined;
    const reading = await momentInZone(typed, companyZone);
    if (!reading.ok) throw new UsageError(`--${name}: ${reading.problem}`);
    return reading.value;
  };
  const startsAt = await moment('start', start);
  const endsAt = await moment('end', end);
  return { ...(startsAt ? { starts_at: startsAt } : {}), ...(endsAt ? { ends_at: endsAt } : {}) };
}

const timeOptions = {
  start: {
    type: 'string',
    value: 'WHEN',
    help: 'a date and time on the company’s clock ("2026-11-03 08:00") or with its offset (2026-11-03T08:00:00-06:00); a date with --all-day',
  },
  end: { type: 'string', value: 'WHEN', help: 'as --start; with --all-day the last day (default: the start day)' },
  'all-day': { type: 'boolean', help: 'dates in the company’s time zone instead of times' },
} as const;

/** A refusal of the times speaks of the options they came from. */
const timeFields = { starts_at: 'start', ends_at: 'end', start_date: 'start', end_date: 'end', assigned_staff_id: 'staff' };

const print1 = (item: IntegrationScheduleItem, json: boolean, print: (line: string) => void) =>
  print(json ? JSON.stringify(item, null, 2) : describeVisit(item));

export const listVisits = defineCommand({
  name: 'visits',
  summary: 'the schedule: every project’s visits, or one project’s, earliest first',
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', help: 'only this project' },
    from: { type: 'string', value: 'DATE', help: 'visits ending after this day starts (YYYY-MM-DD, in the company’s zone)' },
    to: { type: 'string', value: 'DATE', help: 'visits starting by the end of this day' },
    page: { type: 'string', value: 'N', help: 'the page (50 a page)' },
  },
  async run({ client, options, json, print }) {
    const query = new URLSearchParams({ 'page[size]': '50', 'page[number]': textOption(options, 'page') ?? '1' });
    for (const name of ['from', 'to'] as const) {
      const value = textOption(options, name);
      if (value) query.set(`filter[${name}]`, value);
    }
    const path = options.project !== undefined ? `/integration/projects/${idOption(options, 'project')}/schedule-items` : '/integration/schedule-items';
    const page = (await client.company('GET', `${path}?${query.toString()}`)) as IntegrationScheduleItemPage;
    if (json) return print(JSON.stringify(page, null, 2));
    if (page.data.length === 0) print('No visits.');
    for (const item of page.data) print(describeVisit(item));
  },
});

export const addVisit = defineCommand({
  name: 'add-visit',
  summary: 'schedule a visit on a project (--shared shows it to the customers and emails them)',
  as: 'company',
  fieldOptions: timeFields,
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    title: { type: 'string', value: 'TEXT', required: true, help: 'e.g. "Cabinet install"' },
    ...timeOptions,
    notes: { type: 'string', value: 'TEXT', help: 'what the customer should know' },
    location: { type: 'string', value: 'TEXT', help: 'where, when not the project’s address' },
    staff: { type: 'string', value: 'ID', help: 'the staff member who comes' },
    shared: { type: 'boolean', help: 'shared with the customers (default: internal)' },
  },
  async run({ client, options, json, print }) {
    const item = (await client.company('POST', `/integration/projects/${idOption(options, 'project')}/schedule-items`, {
      body: {
        title: textOption(options, 'title'),
        ...(await timesOf(client, options, true)),
        notes: textOption(options, 'notes'),
        location: textOption(options, 'location'),
        ...(options.staff !== undefined ? { assigned_staff_id: idOption(options, 'staff') } : {}),
        shared_with_portal: options.shared === true,
      },
    })) as IntegrationScheduleItem;
    print1(item, json, print);
  },
});

export const moveVisit = defineCommand({
  name: 'move-visit',
  summary: 'move a visit to new times (a shared one emails the customers again)',
  as: 'company',
  fieldOptions: timeFields,
  options: { id: { type: 'string', value: 'ID', required: true, help: 'the visit' }, ...timeOptions },
  async run({ client, options, json, print }) {
    const item = (await client.company('PATCH', `/integration/schedule-items/${idOption(options, 'id')}`, {
      body: await timesOf(client, options, true),
    })) as IntegrationScheduleItem;
    print1(item, json, print);
  },
});

export const cancelVisit = defineCommand({
  name: 'cancel-visit',
  summary: 'cancel a visit: it stays, marked cancelled (a shared one emails the customers)',
  as: 'company',
  options: { id: { type: 'string', value: 'ID', required: true, help: 'the visit' } },
  async run({ client, options, json, print }) {
    print1((await client.company('POST', `/integration/schedule-items/${idOption(options, 'id')}/cancel`)) as IntegrationScheduleItem, json, print);
  },
});

export const deleteVisit = defineCommand({
  name: 'delete-visit',
  summary: 'delete a visit (nobody is emailed: cancel it to tell the customers)',
  as: 'company',
  options: { id: { type: 'string', value: 'ID', required: true, help: 'the visit' } },
  async run({ client, options, print }) {
    const id = idOption(options, 'id');
    await client.company('DELETE', `/integration/schedule-items/${id}`);
    print(`Visit ${id} deleted.`);
  },
});
