import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { Account, IntegrationProject } from '@portal/contract';
import type { AccountRow, ProjectRow, StaffRow } from '../db/rows';
import { apiTimestamp } from '../lib/timestamps';
import { projects, staff } from '../db/schema';

/**
 * Reads of a project that several areas make: the contact page shows its rep, and notes email the rep. Not the projects
 * module's own `projectsRepository` (modules/projects/projects.repository.ts), which a module may not import.
 */
export function projectReadsRepository(db: Executor) {
  return {
    /** A project of its own company, with its primary rep (a staff member of that same company). */
    async projectWithRep(projectId: number, companyId: number): Promise<{ project: ProjectRow; rep: StaffRow | null } | null> {
      const [row] = await db
        .select({ project: projects, rep: staff })
        .from(projects)
        .leftJoin(staff, and(eq(staff.id, projects.rep_primary_id), eq(staff.company_id, projects.company_id)))
        .where(and(eq(projects.id, projectId), eq(projects.company_id, companyId)))
        .limit(1);
      return row ?? null;
    },
  };
}

/** An account as docs/requirements.md 4.5 lists it: the portal's contact page and the company's API read the same fields. */
export function serializeAccount(account: AccountRow): Account {
  return {
    id: account.id,
    name: account.name,
    type: account.type,
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    nick_name: account.nick_name,
    prefix: account.prefix,
    title_id: account.title_id,
    phone_cell: account.phone_cell,
    phone_fax: account.phone_fax,
    phone_home: account.phone_home,
    phone_work: account.phone_work,
    phone_work_ext: account.phone_work_ext,
    billing_address_city: account.billing_address_city,
    billing_address_state: account.billing_address_state,
    billing_address_street: account.billing_address_street,
    billing_address_zip: account.billing_address_zip,
    billing_address_latitude: account.billing_address_latitude,
    billing_address_longitude: account.billing_address_longitude,
    shipping_address_city: account.shipping_address_city,
    shipping_address_state: account.shipping_address_state,
    shipping_address_street: account.shipping_address_street,
    shipping_address_zip: account.shipping_address_zip,
  };
}

/** A project's own fields, the portal's and the company's API's alike; the money its customers see is added by each. */
export type ProjectFields = Omit<IntegrationProject, 'portal_total_amount' | 'portal_balance_amount'>;

/** A project's own fields (docs/requirements.md 4.4): money and coordinates as decimal strings. */
export function serializeProjectFields(project: ProjectRow): ProjectFields {
  return {
    id: project.id,
    company_id: project.company_id,
    account_id: project.account_id,
    status_id: project.status_id,
    site_type_id: project.site_type_id,
    rep_primary_id: project.rep_primary_id,
    number: project.number,
    name: project.name,
    address_street: project.address_street,
    address_city: project.address_city,
    address_state: project.address_state,
    address_zip: project.address_zip,
    address_description: project.address_description,
    address_latitude: project.address_latitude,
    address_longitude: project.address_longitude,
    financials_total_amount: project.financials_total_amount,
    financials_balance_amount: project.financials_balance_amount,
    created_at: apiTimestamp(project.created_at),
    updated_at: apiTimestamp(project.updated_at),
  };
}
