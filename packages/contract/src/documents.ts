import { z } from 'zod';
import { TimestampSchema } from './common';
import { FileKindSchema, StoredFileSchema } from './files';
import { paginatedSchema } from './pagination';

/** Who shared a document: a member of the company's staff, or the customer (a portal user). */
export const DocumentSharerSchema = z.object({
  kind: z.enum(['staff', 'customer']),
  name: z.string().nullable(),
});

/** A document of a project as the portal lists it. `is_mine`: the signed-in customer uploaded it. */
export const DocumentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: FileKindSchema,
    size: z.number().int(),
    shared_by: DocumentSharerSchema.nullable(),
    is_mine: z.boolean(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    file: StoredFileSchema,
  })
  .meta({ id: 'Document' });
export type Document = z.infer<typeof DocumentSchema>;

export const DocumentPageSchema = paginatedSchema(DocumentSchema).meta({ id: 'DocumentPage' });
