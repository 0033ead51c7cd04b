import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { companyCustomers } from '../db/schema';

/**
 * A customer as a company knows them (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md): one person may
 * be the customer of several companies, and each company sees the names it wrote itself (`company_customers`), never
 * another company's nor the person's own. Everything the company side shows of a portal user (its API, the staff
 * console, webhooks, the emails it receives) names them through here; the portal shows the person's own name.
 */
export interface KnownCustomer {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/** The join condition to the company's own record of the person, for a left join on `companyCustomers`. */
export function companyRecordOf(companyId: number | SQL | AnyPgColumn, portalUserId: number | SQL | AnyPgColumn): SQL {
  return and(eq(companyCustomers.company_id, companyId), eq(companyCustomers.portal_user_id, portalUserId))!;
}

/** The person as this company names them: its names, or none when it has none (then their email stands for them). */
export async function knownCustomer(db: Executor, companyId: number, user: { id: number; email: string }): Promise<KnownCustomer> {
  const [record] = await db
    .select({ first_name: companyCustomers.first_name, last_name: companyCustomers.last_name })
    .from(companyCustomers)
    .where(companyRecordOf(companyId, user.id));
  return { id: user.id, email: user.email, first_name: record?.first_name ?? null, last_name: record?.last_name ?? null };
}
