import type { IntegrationScheduleItem, IntegrationScheduleItemPage } from '@portal/contract';
import { defineCommand, idOption, textOption, type CommandContext } from '../command';
import { UsageError } from '../errors';

/** One line per visit: what a terminal shows of the schedule. */
function describeVisit(item: IntegrationScheduleItem): string {
  const when = item.all_day
    ? `${item.start_date}${item.end_date !== item.start_date ? ` to ${item.end_date}` : ''} (all day)`
    : `${item.starts_at} to ${item.ends_at}`;
  const flags = [item.shared_with_portal ? 'shared' : 'internal', item.status === 'cancelled' ? 'cancelled' : null, `sequence ${item.sequence}`]
    .filter(Boolean)
    .join(', ');
  return `Visit ${item.id} on project ${item.project_id}: ${item.title}, ${when} [${flags}]${item.assigned_staff ? ` with ${item.assigned_staff.name}` : ''}.`;
}

/** --start/--end as the API takes them: dates with --all-day, moments with their offsets otherwise. */
function timesOf(options: CommandContext['options'], required: boolean) {
  const start = textOption(options, 'start');
  const end = textOption(options, 'end');
  if (required && !start) throw new UsageError('--start is required.');
  if (options['all-day'] === true) {
    return { all_day: true, ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) };
  }
  if (required && !end) throw new UsageError('--end is required for a visit with times (or give --all-day).');
  return { ...(start ? { starts_at: start } : {}), ...(end ? { ends_at: end } : {}) };
}

const timeOptions = {
  start: { type: 'string', value: 'WHEN', help: 'a moment with its offset (2026-11-03T08:00:00-06:00), or a date with --all-day' },
  end: { type: 'string', value: 'WHEN', help: 'a moment with its offset, or the last day with --all-day (default: the start day)' },
  'all-day': { type: 'boolean', help: 'dates in the company’s time zone instead of times' },
} as const;

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
        ...timesOf(options, true),
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
  options: { id: { type: 'string', value: 'ID', required: true, help: 'the visit' }, ...timeOptions },
  async run({ client, options, json, print }) {
    const item = (await client.company('PATCH', `/integration/schedule-items/${idOption(options, 'id')}`, {
      body: timesOf(options, true),
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
