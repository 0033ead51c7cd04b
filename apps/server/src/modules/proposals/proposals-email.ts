import { DEFAULT_PORTAL_COLOR, formatProposalDate, formatProposalNumber, formatUsd, toCents } from '@portal/contract';
import { cssColor, html, layout } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import type { NoticeContent } from '../../core/mail/notices';
import { consoleLink, officeReason, type OfficeRecipient } from '../../core/mail/office';
import { headerSafe, projectTitle } from '../../core/mail/text';

type Company = { name: string; color: string | null };
type Project = { number: string | null; name: string | null; address_street: string | null };
type Proposal = { number: number; version: number; title: string; total: string; expires_on: string };

/** What a customer is told when the company sends a proposal on one of their projects; every value escaped. */
export function proposalSentNotice(options: { company: Company; project: Project; proposal: Proposal; proposalUrl: string }): NoticeContent {
  const { company, proposal } = options;
  const title = projectTitle(options.project);
  const reference = formatProposalNumber(proposal.number, proposal.version);
  const amount = formatUsd(toCents(proposal.total));
  const until = formatProposalDate(proposal.expires_on);
  const subject = headerSafe(`Proposal ${reference} from ${company.name}: ${proposal.title}`);
  const color = cssColor(company.color, DEFAULT_PORTAL_COLOR);
  const footer = `Sent by the ${company.name} customer portal because this project is shared with you.`;
  const text = [
    `${company.name} sent you proposal ${reference}, "${proposal.title}", on ${title}: ${amount}, valid until ${until}.`,
    '',
    `Read it, choose any options and accept or decline it in the portal: ${options.proposalUrl}`,
  ].join('\n');
  const body = html`<p style="margin:0 0 16px">
      <strong>${company.name}</strong> sent you proposal <strong>${reference}</strong> on <strong>${title}</strong>.
    </p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc">
      <p style="margin:0 0 4px;font-weight:600">${proposal.title}</p>
      <p style="margin:0 0 4px;font-size:20px;font-weight:600">${amount}</p>
      <p style="margin:0;color:#475569">Valid until ${until}</p>
    </div>
    <p style="margin:0 0 8px"><a href="${options.proposalUrl}" style="color:#0f172a;font-weight:600">Read the proposal in the portal</a></p>`;
  return { subject, text, html: body, footer };
}

/**
 * What the company's office is told when a customer answers a proposal: the project's primary rep, else the company's
 * contact address (core/mail/office.ts), with a link to the proposal in the console. Reply-To is the customer.
 */
export function proposalAnsweredEmail(options: {
  recipient: OfficeRecipient;
  consoleUrl: string;
  company: Company;
  project: Project | null;
  proposal: Proposal;
  customer: { name: string; email: string };
  answer: { kind: 'accepted'; signerName: string; total: string; options: string[] } | { kind: 'declined'; reason: string | null };
}): MailMessage {
  const { company, proposal, customer, answer } = options;
  const reference = formatProposalNumber(proposal.number, proposal.version);
  const verb = answer.kind === 'accepted' ? 'accepted' : 'declined';
  const subject = headerSafe(`Proposal ${reference} ${verb} by ${customer.name}`, 250);
  const color = cssColor(company.color, DEFAULT_PORTAL_COLOR);
  const about = options.project ? ` on ${projectTitle(options.project)}` : '';
  const link = consoleLink(options.consoleUrl, 'See the proposal in the staff console');
  const footer = `${officeReason(company.name, options.recipient)} Reply to this email to answer ${customer.name}.`;
  const lines =
    answer.kind === 'accepted'
      ? [
          `Signed as "${answer.signerName}" for ${formatUsd(toCents(answer.total))}.`,
          `Optional items chosen: ${answer.options.length > 0 ? answer.options.join('; ') : 'none'}.`,
          'The signed PDF and the evidence are on the proposal in the console.',
        ]
      : [answer.reason ? `Their reason: ${answer.reason}` : 'They gave no reason.'];
  const text = [
    `${customer.name} <${customer.email}> ${verb} proposal ${reference}, "${proposal.title}"${about}.`,
    '',
    ...lines,
    '',
    link.text,
    '',
    `– ${footer}`,
    '',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px">
      <strong>${customer.name}</strong> (<a href="mailto:${customer.email}" style="color:#334155">${customer.email}</a>) ${verb} proposal
      <strong>${reference}</strong>, ${proposal.title}${about}.
    </p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc;white-space:pre-wrap;word-break:break-word">
      ${lines.join('\n')}
    </div>
    ${link.html}`;
  return { to: options.recipient.to, replyTo: customer.email, subject, text, html: layout({ title: subject, brand: company.name, color, body, footer }) };
}
