import type { NoticeContent } from '../../core/mail/notices';
import { html } from '../../core/mail/html';
import { headerSafe, projectTitle } from '../../core/mail/text';

export type ScheduleChange = 'added' | 'moved' | 'cancelled';

export interface ScheduleNotice {
  company: { name: string };
  project: { number: string | null; name: string | null; address_street: string | null };
  change: ScheduleChange;
  title: string;
  /** When, in words and in the company's zone: "Tuesday, November 3, 2026, 8:00 AM – 10:00 AM CST". */
  when: string;
  location: string | null;
  staffName: string | null;
  /** The portal's calendar page for the recipient's own entity. */
  calendarUrl: string;
  /** The item's `.ics` (METHOD:PUBLISH), attached so a mail app can add it. */
  ics: string;
  icsName: string;
}

const VERB: Record<ScheduleChange, string> = { added: 'scheduled', moved: 'moved', cancelled: 'cancelled' };

/** The `schedule` notice: a shared visit added, moved or cancelled (docs/company-api.md "Email notices"). */
export function scheduleNotice(options: ScheduleNotice): NoticeContent {
  const project = projectTitle(options.project);
  const verb = VERB[options.change];
  const subject = headerSafe(`Visit ${verb}: ${options.title} on ${project}`);
  const lead =
    options.change === 'added'
      ? `${options.company.name} scheduled a visit on ${project}:`
      : options.change === 'moved'
        ? `${options.company.name} moved a visit on ${project}. The new time:`
        : `${options.company.name} cancelled a visit on ${project}:`;
  const details = [options.title, options.when, ...(options.location ? [options.location] : []), ...(options.staffName ? [`With ${options.staffName}`] : [])];
  const text = [lead, '', ...details, '', `See your calendar in the portal: ${options.calendarUrl}`].join('\n');
  const body = html`<p style="margin:0 0 16px">${lead}</p>
    <div style="margin:0 0 16px;padding:12px 16px;background:#f8fafc;border-radius:8px">
      <p style="margin:0 0 4px;font-weight:600${options.change === 'cancelled' ? ';text-decoration:line-through' : ''}">${options.title}</p>
      <p style="margin:0">${options.when}</p>
      ${options.location ? html`<p style="margin:4px 0 0;color:#475569">${options.location}</p>` : ''}
      ${options.staffName ? html`<p style="margin:4px 0 0;color:#475569">With ${options.staffName}</p>` : ''}
    </div>
    <p style="margin:0 0 8px"><a href="${options.calendarUrl}" style="color:#0f172a;font-weight:600">See your calendar in the portal</a></p>`;
  return {
    subject,
    text,
    html: body,
    footer: `Sent by the ${options.company.name} customer portal because this project is shared with you.`,
    attachments: [{ filename: options.icsName, content: options.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

/** A visit's time in words, in the company's zone, with the zone's short name. */
export function describeWhen(
  item: { all_day: boolean; starts_at: Date; ends_at: Date; start_date: string | null; end_date: string | null },
  zone: string,
): string {
  if (item.all_day && item.start_date && item.end_date) {
    const day = (date: string) =>
      new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    return item.start_date === item.end_date ? `${day(item.start_date)} (all day)` : `${day(item.start_date)} to ${day(item.end_date)} (all day)`;
  }
  const date = (at: Date) => at.toLocaleDateString('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = (at: Date, zoneName: boolean) =>
    at.toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', ...(zoneName ? { timeZoneName: 'short' } : {}) });
  const sameDay = date(item.starts_at) === date(item.ends_at);
  return sameDay
    ? `${date(item.starts_at)}, ${time(item.starts_at, false)} – ${time(item.ends_at, true)}`
    : `${date(item.starts_at)}, ${time(item.starts_at, true)} – ${date(item.ends_at)}, ${time(item.ends_at, true)}`;
}
