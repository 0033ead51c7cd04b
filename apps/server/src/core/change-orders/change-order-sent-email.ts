import { DEFAULT_PORTAL_COLOR, formatChangeOrderDate, formatChangeOrderNumber, formatUsd, toCents } from '@portal/contract';
import { cssColor, html } from '../mail/html';
import type { NoticeContent } from '../mail/notices';
import { headerSafe, projectTitle } from '../mail/text';

type Company = { name: string; color: string | null };
type Project = { number: string | null; name: string | null; address_street: string | null };
type ChangeOrder = { number: number; version: number; title: string; total: string; schedule_days: number; approval_deadline: string | null };

/** "adds 3 days", "takes 2 days off", "no change to the schedule". */
export function scheduleText(days: number): string {
  if (days === 0) return 'no change to the schedule';
  const count = Math.abs(days);
  const unit = count === 1 ? 'day' : 'days';
  return days > 0 ? `adds ${count} ${unit} to the schedule` : `takes ${count} ${unit} off the schedule`;
}

/** What a customer is told when the company sends a change order on one of their projects; every value escaped. */
export function changeOrderSentNotice(options: { company: Company; project: Project; changeOrder: ChangeOrder; changeOrderUrl: string }): NoticeContent {
  const { company, changeOrder } = options;
  const title = projectTitle(options.project);
  const reference = formatChangeOrderNumber(changeOrder.number, changeOrder.version);
  const cents = toCents(changeOrder.total);
  const amount = cents < 0 ? `a credit of ${formatUsd(-cents)}` : formatUsd(cents);
  const schedule = scheduleText(changeOrder.schedule_days);
  const deadline = changeOrder.approval_deadline ? `Please answer by ${formatChangeOrderDate(changeOrder.approval_deadline)}.` : null;
  const subject = headerSafe(`Change order ${reference} from ${company.name}: ${changeOrder.title}`);
  const color = cssColor(company.color, DEFAULT_PORTAL_COLOR);
  const footer = `Sent by the ${company.name} customer portal because this project is shared with you.`;
  const text = [
    `${company.name} sent you change order ${reference}, "${changeOrder.title}", on ${title}: ${amount}; it ${schedule}.`,
    ...(deadline ? [deadline] : []),
    '',
    `Read it and approve or decline it in the portal: ${options.changeOrderUrl}`,
  ].join('\n');
  const body = html`<p style="margin:0 0 16px">
      <strong>${company.name}</strong> sent you change order <strong>${reference}</strong> on <strong>${title}</strong>.
    </p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc">
      <p style="margin:0 0 4px;font-weight:600">${changeOrder.title}</p>
      <p style="margin:0 0 4px;font-size:20px;font-weight:600">${amount}</p>
      <p style="margin:0;color:#475569">It ${schedule}.${deadline ? ` ${deadline}` : ''}</p>
    </div>
    <p style="margin:0 0 8px"><a href="${options.changeOrderUrl}" style="color:#0f172a;font-weight:600">Read the change order in the portal</a></p>`;
  return { subject, text, html: body, footer };
}
