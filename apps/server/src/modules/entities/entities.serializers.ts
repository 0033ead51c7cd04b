import type { Company, CoverPhoto, PortalEntity, Project } from '@portal/contract';
import { apiTimestamp } from '../../lib/timestamps';
import { hexColorOrNull } from '../../core/companies';
import { serializeAccount, serializeProjectFields } from '../../core/projects';
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

/** A project as docs/requirements.md 4.4 lists it: money and coordinates as decimal strings, rep_primary_name joined from staff. */
export function serializeProject(row: ProjectWithRelations, relations: ProjectRelations): Project {
  // Onto the fields' own object rather than a spread copy of it: thirty of these per page.
  const result: Project = Object.assign(serializeProjectFields(row.project), {
    rep_primary_name: row.rep_primary_name,
    rep_primary_phone: row.rep_primary_phone,
  });
  if (relations.status) result.status = row.status ? { ...row.status, color: hexColorOrNull(row.status.color) } : null;
  if (relations.cover_photo) result.cover_photo = relations.coverPhoto ?? null;
  if (relations.account) result.account = row.account ? serializeAccount(row.account) : null;
  if (relations.company !== undefined) result.company = relations.company;
  return result;
}

/** An entity; `model` and `company` appear only when given (included), null when included but missing. */
export function serializeEntity(entity: EntityRow, relations: { model?: Project | null; company?: Company | null } = {}): PortalEntity {
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
