import { z } from 'zod';
import { TimestampSchema } from './common';
import { StoredFileSchema } from './files';
import { paginatedSchema } from './pagination';

export const ALBUM_SORTS = ['position', 'name', 'created_at'] as const;

/** A photo in an album; its caption is the viewer's alt text. `file.image_url` is the image proxy's signed base. */
export const PhotoSchema = z
  .object({
    id: z.number().int(),
    album_id: z.number().int(),
    caption: z.string().nullable(),
    /** When it was taken, as the company says; null: not known. */
    taken_at: TimestampSchema.nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    created_at: TimestampSchema,
    file: StoredFileSchema,
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof PhotoSchema>;

/** A shared album: its cover (the chosen photo, else the first), name and photo count; `zip_url` downloads it whole. */
export const AlbumSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    photo_count: z.number().int(),
    cover: PhotoSchema.nullable(),
    zip_url: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'Album' });
export type Album = z.infer<typeof AlbumSchema>;

export const AlbumPageSchema = paginatedSchema(AlbumSchema).meta({ id: 'AlbumPage' });

/** An album with all of its photos, in order. */
export const AlbumDetailSchema = AlbumSchema.extend({ photos: z.array(PhotoSchema) }).meta({ id: 'AlbumDetail' });
export type AlbumDetail = z.infer<typeof AlbumDetailSchema>;
