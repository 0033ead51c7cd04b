import type { IntegrationScheduleItem, ScheduleItem } from '@portal/contract';
import { absoluteUrl } from '../../core/companies';
import type { CompanyRow } from '../../db/rows';
import { addDaysToDate } from '../../lib/time-zones';
import { buildCalendar, type ICalEvent } from '../../lib/icalendar';
import { apiTimestamp } from '../../lib/timestamps';
import type { ScheduleItemWithRefs } from './calendar.repository';

/** The project's address on one line: where a visit happens unless the item names its own place. */
export function projectAddress(project: ScheduleItemWithRefs['project']): string | null {
  const cityLine = [project.address_city, [project.address_state, project.address_zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const line = [project.address_street, cityLine].filter(Boolean).join(', ');
  return line || null;
}

export const locationOf = (row: ScheduleItemWithRefs) => row.item.location ?? projectAddress(row.project);

function times(row: ScheduleItemWithRefs, zone: string) {
  return {
    all_day: row.item.all_day,
    starts_at: apiTimestamp(row.item.starts_at),
    ends_at: apiTimestamp(row.item.ends_at),
    start_date: row.item.all_day ? row.item.start_date : null,
    end_date: row.item.all_day ? row.item.end_date : null,
    time_zone: zone,
  };
}

export function serializeIntegrationScheduleItem(row: ScheduleItemWithRefs, company: Pick<CompanyRow, 'time_zone'>): IntegrationScheduleItem {
  return {
    id: row.item.id,
    project_id: row.item.project_id,
    uid: row.item.uid,
    sequence: row.item.sequence,
    title: row.item.title,
    notes: row.item.notes,
    location: row.item.location,
    ...times(row, company.time_zone),
    status: row.item.status,
    cancelled_at: row.item.cancelled_at ? apiTimestamp(row.item.cancelled_at) : null,
    assigned_staff: row.staff ? { id: row.staff.id, name: row.staff.name } : null,
    shared_with_portal: row.item.shared_with_portal,
    created_at: apiTimestamp(row.item.created_at),
    updated_at: apiTimestamp(row.item.updated_at),
  };
}

export interface PortalItemContext {
  company: Pick<CompanyRow, 'time_zone' | 'is_portal_user_profile_pics_enabled'>;
  publicUrl: string;
  entityId: number;
}

export function serializeScheduleItem(row: ScheduleItemWithRefs, context: PortalItemContext): ScheduleItem {
  return {
    id: row.item.id,
    project_id: row.item.project_id,
    title: row.item.title,
    notes: row.item.notes,
    location: locationOf(row),
    ...times(row, context.company.time_zone),
    status: row.item.status,
    assigned_staff: row.staff
      ? {
          id: row.staff.id,
          name: row.staff.name,
          title: row.staff.title,
          avatar_url: context.company.is_portal_user_profile_pics_enabled ? absoluteUrl(context.publicUrl, row.staff.avatar_url) : null,
        }
      : null,
    ics_path: `/api/calendar/${row.item.id}/ics?entity=${context.entityId}`,
    updated_at: apiTimestamp(row.item.updated_at),
  };
}

/** One item as a VEVENT; the description names who comes, and the company when a feed mixes several. */
export function icalEvent(row: ScheduleItemWithRefs, options: { stamp: Date; companyName?: string | undefined }): ICalEvent {
  const { item } = row;
  const description = [
    item.notes,
    row.staff ? `With ${row.staff.name}${row.staff.title ? `, ${row.staff.title}` : ''}.` : null,
    [options.companyName, row.project.name].filter(Boolean).join(': ') || null,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    uid: item.uid,
    sequence: item.sequence,
    stamp: options.stamp,
    start: item.all_day && item.start_date ? { kind: 'date', date: item.start_date } : { kind: 'moment', at: item.starts_at },
    end: item.all_day && item.end_date ? { kind: 'date', date: addDaysToDate(item.end_date, 1) } : { kind: 'moment', at: item.ends_at },
    summary: item.title,
    description: description || null,
    location: locationOf(row),
    cancelled: item.status === 'cancelled',
    created: item.created_at,
    lastModified: item.updated_at,
  };
}

/** The `.ics` of one item. */
export function itemCalendar(row: ScheduleItemWithRefs, stamp: Date, companyName: string): string {
  return buildCalendar({ events: [icalEvent(row, { stamp, companyName })] });
}

/** A file name for the download: the title's letters and digits, "visit" when none are left. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${slug || 'visit'}.ics`;
}
