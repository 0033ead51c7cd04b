import { z } from 'zod';
import { TimestampSchema } from './common';
import { CompanySchema } from './companies';
import { paginatedSchema } from './pagination';
import { ProjectSchema } from './projects';

/** Only "project" is known (docs/requirements.md 4.3); the column stays text so other kinds can arrive. */
export const MODEL_TYPES = ['project'] as const;

export const PortalEntitySchema = z
  .object({
    id: z.number().int(),
    portal_user_id: z.number().int(),
    company_id: z.number().int(),
    model_type: z.string(),
    model_id: z.number().int(),
    scope: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    /** Present only with `include=model`; null when the model is not a project or is gone. */
    model: ProjectSchema.nullable().optional(),
    /** Present only with `include=company`. */
    company: CompanySchema.nullable().optional(),
  })
  .meta({
    id: 'PortalEntity',
    description: 'The link between the signed-in portal user and one thing a company shared with them.',
  });
export type PortalEntity = z.infer<typeof PortalEntitySchema>;

export const PortalEntityPageSchema = paginatedSchema(PortalEntitySchema).meta({ id: 'PortalEntityPage' });
export type PortalEntityPage = z.infer<typeof PortalEntityPageSchema>;

/** What `GET /entities` filters, sorts and includes (docs/requirements.md 8.10); anything else is refused with 400. */
export const ENTITY_FILTERS = ['company_id', 'model_type'] as const;
export const ENTITY_SORTS = ['id', 'created_at', 'updated_at'] as const;
export const ENTITY_INCLUDES = ['model', 'company', 'model.status', 'model.cover_photo', 'model.account', 'model.company', 'model.latest_activity'] as const;
export type EntityInclude = (typeof ENTITY_INCLUDES)[number];
