import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import type { Executor } from '../../db/client';
import { accounts, invoicePayments, invoices, projects } from '../../db/schema';
import { listColumns, visibleTo, type PortalInvoiceRow } from './invoices.queries';

/** What a statement of account and an invoice's PDF read beside the invoices: the payments, whom they bill, the project. */
export function invoiceStatementRepository(db: Executor) {
  return {
    /** Every invoice the customer was sent (not drafts, not void) with its payments, for the statement of account. */
    async forStatement(scope: ProjectScope, today: string) {
      const rows = (await db
        .select(listColumns)
        .from(invoices)
        .where(and(visibleTo(scope), ne(invoices.state, 'void')))
        .orderBy(asc(invoices.issue_date), asc(invoices.id))
        .execute({ today })) as PortalInvoiceRow[];
      const payments =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(invoicePayments)
              .where(
                inArray(invoicePayments.invoice_id, sql`(select ${invoices.id} from ${invoices} where ${and(visibleTo(scope), ne(invoices.state, 'void'))})`),
              )
              .orderBy(asc(invoicePayments.paid_on), asc(invoicePayments.id));
      return { invoices: rows, payments };
    },

    /** Whom the project's invoices bill: its account (of the same company), with the billing address; null without one. */
    async billTo(scope: ProjectScope): Promise<{ name: string; addressLines: string[] } | null> {
      const [account] = await db
        .select({
          name: accounts.name,
          street: accounts.billing_address_street,
          city: accounts.billing_address_city,
          state: accounts.billing_address_state,
          zip: accounts.billing_address_zip,
        })
        .from(projects)
        .innerJoin(accounts, and(eq(accounts.id, projects.account_id), eq(accounts.company_id, projects.company_id)))
        .where(and(eq(projects.id, scope.projectId), eq(projects.company_id, scope.companyId)))
        .limit(1);
      if (!account) return null;
      const cityLine = [[account.city, account.state].filter(Boolean).join(', '), account.zip].filter(Boolean).join(' ');
      return { name: account.name, addressLines: [account.street ?? '', cityLine].filter(Boolean) };
    },

    /** The project's number and name, for statements and PDFs. */
    async project(scope: ProjectScope) {
      const [row] = await db
        .select({ id: projects.id, number: projects.number, name: projects.name, address_street: projects.address_street })
        .from(projects)
        .where(and(eq(projects.id, scope.projectId), eq(projects.company_id, scope.companyId)))
        .limit(1);
      return row ?? null;
    },
  };
}
