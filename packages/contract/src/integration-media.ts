import { z } from 'zod';
import { TimestampSchema } from './common';
import { FileKindSchema, StoredFileSchema } from './files';
import { paginatedSchema } from './pagination';

/** Albums, photos and documents on the integration API (docs/company-api.md, "Albums, photos and documents"). */

export const IntegrationAlbumInputSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(200),
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict()
  .meta({ id: 'IntegrationAlbumCreate' });
export const IntegrationAlbumUpdateSchema = IntegrationAlbumInputSchema.partial().strict().meta({ id: 'IntegrationAlbumUpdate' });

export const IntegrationAlbumSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    name: z.string(),
    /** Only shared albums reach the portal. */
    is_shared: z.boolean(),
    position: z.number().int(),
    photo_count: z.number().int(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'IntegrationAlbum' });
export type IntegrationAlbum = z.infer<typeof IntegrationAlbumSchema>;
export const IntegrationAlbumPageSchema = paginatedSchema(IntegrationAlbumSchema).meta({ id: 'IntegrationAlbumPage' });

/** When a photo was taken: a date and time with its offset, as the company knows it. */
export const PhotoTakenAtSchema = z.iso.datetime({ offset: true, message: 'Give a date and time such as 2026-11-03T14:20:00Z.' });

export const IntegrationPhotoSchema = z
  .object({
    id: z.number().int(),
    album_id: z.number().int(),
    caption: z.string().nullable(),
    taken_at: TimestampSchema.nullable(),
    position: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    file: StoredFileSchema,
  })
  .meta({ id: 'IntegrationPhoto' });
export type IntegrationPhoto = z.infer<typeof IntegrationPhotoSchema>;
export const IntegrationPhotoPageSchema = paginatedSchema(IntegrationPhotoSchema).meta({ id: 'IntegrationPhotoPage' });

export const IntegrationPhotoUpdateSchema = z
  .object({
    caption: z.string().trim().max(500, 'At most 500 characters.').nullable().optional(),
    taken_at: PhotoTakenAtSchema.nullable().optional(),
    position: z.number().int().min(0).max(100_000).optional(),
    /** Another album of the same project. */
    album_id: z.number().int().positive().optional(),
  })
  .strict()
  .meta({ id: 'IntegrationPhotoUpdate' });

/** A photo's new place in its album, counted from 0 in the album's order; past the end means last. */
export const IntegrationPhotoMoveSchema = z
  .object({
    index: z
      .number({ message: 'Give the place as a whole number from 0.' })
      .int('Give the place as a whole number from 0.')
      .min(0, 'Give the place as a whole number from 0.')
      .max(100_000),
  })
  .strict()
  .meta({ id: 'IntegrationPhotoMove' });

export const IntegrationDocumentSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    name: z.string(),
    type: FileKindSchema,
    size: z.number().int(),
    /** Only shared documents reach the portal; a customer's own uploads are always theirs to see. */
    is_shared: z.boolean(),
    uploaded_by: z.object({ kind: z.enum(['customer', 'staff', 'company']), id: z.number().int().nullable(), name: z.string().nullable() }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    file: StoredFileSchema,
  })
  .meta({ id: 'IntegrationDocument' });
export type IntegrationDocument = z.infer<typeof IntegrationDocumentSchema>;
export const IntegrationDocumentPageSchema = paginatedSchema(IntegrationDocumentSchema).meta({ id: 'IntegrationDocumentPage' });
