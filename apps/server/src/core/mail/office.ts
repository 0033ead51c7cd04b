import type { CompanyRow, StaffRow } from '../../db/rows';
import { html, type SafeHtml } from './html';

/**
 * How the office hears of what a customer did in the portal (docs/decisions/114-every-customer-action-reaches-the-office.md):
 * one email to the project's primary rep, else to the company's contact address, with a link to the thing's page in the
 * staff console. The console's inbox lists the same actions whoever was emailed.
 */

/** Who is emailed, and why: the footer says so, so the rep knows it is their project and the office knows no rep was told. */
export interface OfficeRecipient {
  to: string;
  as: 'rep' | 'company';
}

/**
 * The project's primary rep while they are active and have an email; else the company's contact address; else null
 * (nobody is emailed, the inbox still shows it). A deactivated rep has left: mail about customers must not follow them.
 */
export function officeRecipient(company: Pick<CompanyRow, 'contact_email'>, rep: Pick<StaffRow, 'email' | 'deactivated_at'> | null): OfficeRecipient | null {
  const repEmail = rep && rep.deactivated_at === null ? rep.email?.trim() : null;
  if (repEmail) return { to: repEmail, as: 'rep' };
  const contact = company.contact_email?.trim();
  return contact ? { to: contact, as: 'company' } : null;
}

/** The console's pages an office email links to; the paths of apps/web/src/app/routes/staff.tsx. */
export const consolePath = {
  notes: (projectId: number) => `/staff/projects/${projectId}/notes`,
  documents: (projectId: number) => `/staff/projects/${projectId}/documents`,
  proposal: (projectId: number, proposalId: number) => `/staff/projects/${projectId}/proposals/${proposalId}`,
  changeOrder: (projectId: number, changeOrderId: number) => `/staff/projects/${projectId}/change-orders/${changeOrderId}`,
  selection: (projectId: number, selectionId: number) => `/staff/projects/${projectId}/selections/${selectionId}`,
  message: (messageId: number) => `/staff/inbox?message=${messageId}`,
};

/** The absolute address of a console page, for an email. */
export const consoleUrl = (publicUrl: string, path: string) => `${publicUrl}${path}`;

/** The link into the console every office email carries, as text and as HTML. */
export function consoleLink(url: string, label = 'Open it in the staff console'): { text: string; html: SafeHtml } {
  return {
    text: `${label}: ${url}`,
    html: html`<p style="margin:0 0 8px"><a href="${url}" style="color:#0f172a;font-weight:600">${label}</a></p>`,
  };
}

/** Why this address got the email, for the footer. */
export function officeReason(companyName: string, recipient: OfficeRecipient): string {
  return recipient.as === 'rep'
    ? `Sent by the ${companyName} customer portal because you are the primary rep of this project.`
    : `Sent by the ${companyName} customer portal to the company's contact address.`;
}
