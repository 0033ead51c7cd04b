import type { Account, Company, CoverPhoto, PortalEntity, Project } from '@portal/contract';
import type { accounts } from '../../db/schema';
import { apiTimestamp } from '../../lib/timestamps';
import { hexColorOrNull } from '../../core/companies';
import type { ProjectWithRelations } from './entities.repository';
import type { EntityRow } from '../../db/rows';

/** Which of a project's relations to embed; each left out unless asked for (Laravel's `include`). */
export interface ProjectRelations {
  status: boolean;
  cover_photo: boolean;
  /** The project's cover photo when cover_photo is asked for (photos/photos.serializers.ts serializeCoverPhoto). */
  coverPhoto?: CoverPhoto | null;
  account: boolean;
  /** The serialized company to embed, or undefined to leave `company` out. */
  company: Company | null | undefined;
}

function serializeAccount(account: typeof accounts.$inferSelect): Account {
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

/** A project as docs/requirements.md 4.4 lists it: money and coordinates as decimal strings, rep_primary_name joined from staff. */
export function serializeProject(row: ProjectWithRelations, relations: ProjectRelations): Project {
  const { project } = row;
  const result: Project = {
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
    rep_primary_name: row.rep_primary_name,
    rep_primary_phone: row.rep_primary_phone,
    financials_total_amount: project.financials_total_amount,
    financials_balance_amount: project.financials_balance_amount,
    created_at: apiTimestamp(project.created_at),
    updated_at: apiTimestamp(project.updated_at),
  };
  if (relations.status) result.status = row.status ? { ...row.status, color: hexColorOrNull(row.status.color) } : null;
  if (relations.cover_photo) result.cover_photo = relations.coverPhoto ?? null;
  if (relations.account) result.account = row.account ? serializeAccount(row.account) : null;
  if (relations.company !== undefined) result.company = relations.company;
  return result;
}

/** An entity; `model` and `company` appear only when given (included), null when included but missing. */
export function serializeEntity(
  entity: EntityRow,
  relations: { model?: Project | null; company?: Company | null } = {},
): PortalEntity {
  const result: PortalEntity = {
    id: entity.id,
    portal_user_id: entity.portal_user_id,
    company_id: entity.company_id,
    model_type: entity.model_type,
    model_id: entity.model_id,
    scope: entity.scope,
    created_at: apiTimestamp(entity.created_at),
    updated_at: apiTimestamp(entity.updated_at),
  };
  if (relations.model !== undefined) result.model = relations.model;
  if (relations.company !== undefined) result.company = relations.company;
  return result;
}
