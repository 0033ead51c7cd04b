import { z } from 'zod';
import { TimestampSchema } from './common';

/** The kinds of file the portal accepts, told by their bytes on the server (never by name). */
export const FILE_KINDS = ['pdf', 'jpeg', 'png', 'webp', 'gif', 'docx', 'xlsx', 'doc', 'xls', 'text'] as const;
export const FileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof FileKindSchema>;

/**
 * A stored file as an answer carries it. The URLs are signed (valid up to an hour, stable within
 * half an hour so browsers cache them): `url` shows PDFs and images in the browser, `download_url`
 * always downloads under the real name, `image_url` (images only) is the image proxy's base, to
 * which the web adds a listed variant, density and format (IMAGE_VARIANTS, decision 061).
 */
export const StoredFileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: FileKindSchema,
    content_type: z.string(),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    url: z.string(),
    download_url: z.string(),
    image_url: z.string().nullable(),
    created_at: TimestampSchema,
  })
  .meta({ id: 'StoredFile' });
export type StoredFile = z.infer<typeof StoredFileSchema>;
