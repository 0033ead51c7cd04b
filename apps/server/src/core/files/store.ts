import type { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import type { Metadata } from 'sharp';
import type { Db } from '../../db/client';
import type { BlobStore, StoredBlob } from './blob-store/types';
import {
  carriesMarkup,
  detectFileType,
  fileSizeLimitText,
  gifScreen,
  isImageKind,
  nameContradictsKind,
  pdfProblem,
  type ByteSource,
  type FileKind,
  type FileType,
} from '../../lib/file-types';
import { HttpError, invalid } from '../../lib/http-errors';
import { loadSharp } from '../../lib/heavy-packages';
import { filesRepository } from './files.repository';
import type { FileRow } from '../../db/rows';

/** docs/requirements.md 13.3: no image over 50 megapixels is ever decoded (pixel bombs). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Who a file belongs to and who put it there. */
export interface FileOwner {
  companyId: number;
  /** A staff member of the company… */
  staffId?: number | null;
  /** …or a portal user (a customer). */
  portalUserId?: number | null;
}

/** What a stored upload is checked against. */
export interface FilePolicy {
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The kinds accepted, told by the bytes. */
  accept: readonly FileKind[];
}

/** Random access to a blob already in the store, for the type checks. */
export function blobSource(store: BlobStore, key: string, size: number): ByteSource {
  return {
    size,
    async read(start, end) {
      const last = Math.min(end, size) - 1;
      if (last < start) return Buffer.alloc(0);
      const stream = await store.get(key, { start, end: last });
      return stream ? readAll(stream) : Buffer.alloc(0);
    },
  };
}

const KIND_NAMES: Record<FileKind, string> = {
  pdf: 'PDF',
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  docx: 'Word (.docx)',
  xlsx: 'Excel (.xlsx)',
  doc: 'Word (.doc)',
  xls: 'Excel (.xls)',
  text: 'plain text',
};

/** "The file must be a PDF, JPEG, PNG or plain text file." */
export function acceptedTypesMessage(accept: readonly FileKind[]): string {
  const names = accept.map((kind) => KIND_NAMES[kind]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'nothing');
  return `The file must be a ${list} file; its contents say it is not.`;
}

export const fileTooLarge = (maxBytes: number, field = 'file') => new HttpError(413, 'The file is too large.', { [field]: [fileSizeLimitText(maxBytes)] });

/** Width and height as shown (EXIF orientation applied); 422 for an image that cannot be read or is a pixel bomb. */
export async function imageSize(store: BlobStore, blob: StoredBlob, field = 'file'): Promise<{ width: number; height: number }> {
  const source = blobSource(store, blob.key, blob.size);
  const sharp = await loadSharp();
  let metadata: Metadata | null = null;
  // The header is enough for every format we take; only an unusual file needs all of its bytes.
  for (const length of [256 * 1024, blob.size]) {
    try {
      metadata = await sharp(await source.read(0, length), { limitInputPixels: false }).metadata();
      break;
    } catch {
      if (length >= blob.size) break;
    }
  }
  let width = metadata?.autoOrient?.width ?? metadata?.width;
  let height = metadata?.autoOrient?.height ?? metadata?.height;
  if (!width || !height) throw invalid({ [field]: ['The image could not be read.'] });
  // A GIF's frames may be small inside a huge logical screen, which is what a decoder allocates.
  const screen = metadata?.format === 'gif' ? gifScreen(await source.read(0, 10)) : null;
  if (screen && screen.width * screen.height > width * height) ({ width, height } = screen);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw invalid({ [field]: [`The image is ${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`] });
  }
  return { width, height };
}

/** A blob that was written and checked, not yet recorded. */
export interface CheckedBlob {
  blob: StoredBlob;
  type: FileType;
  name: string;
  width: number | null;
  height: number | null;
}

/**
 * Checks a blob just written: not empty, of an accepted kind by its bytes, a PDF whole and without markup, a readable
 * image of at most 50 megapixels. Throws a 4xx HttpError naming `field`; the caller deletes the blob.
 */
export async function checkBlob(store: BlobStore, blob: StoredBlob, name: string, policy: FilePolicy, field = 'file'): Promise<CheckedBlob> {
  if (blob.size === 0) throw invalid({ [field]: ['The file is empty.'] });
  if (blob.size > policy.maxBytes) throw fileTooLarge(policy.maxBytes, field);
  const type = await detectFileType(blobSource(store, blob.key, blob.size));
  if (!type || !policy.accept.includes(type.kind)) throw invalid({ [field]: [acceptedTypesMessage(policy.accept)] });
  if (nameContradictsKind(name, type.kind)) throw invalid({ [field]: [`The file's name says another type than its contents (a ${type.label}).`] });
  if (type.kind === 'pdf') {
    const problem = await pdfProblem(blobSource(store, blob.key, blob.size));
    if (problem) throw invalid({ [field]: [problem] });
  }
  if (isImageKind(type.kind) && (await carriesMarkup(blobSource(store, blob.key, blob.size)))) {
    throw invalid({ [field]: ['The image carries a web page or a script; save it again from an image editor.'] });
  }
  const size = isImageKind(type.kind) ? await imageSize(store, blob, field) : null;
  return { blob, type, name, width: size?.width ?? null, height: size?.height ?? null };
}

export function fileRowsOf(checked: CheckedBlob[], owner: FileOwner, createdAt?: Date) {
  return checked.map((item) => ({
    company_id: owner.companyId,
    blob_key: item.blob.key,
    original_name: item.name,
    content_type: item.type.contentType,
    kind: item.type.kind,
    size: item.blob.size,
    sha256: item.blob.sha256,
    width: item.width,
    height: item.height,
    uploaded_by_staff_id: owner.staffId ?? null,
    uploaded_by_portal_user_id: owner.portalUserId ?? null,
    ...(createdAt ? { created_at: createdAt } : {}),
  }));
}

/**
 * Stores bytes that do not come from a request (the demo seed, imports): written to the blob
 * store, checked exactly like an upload, recorded in `files`. Refused bytes leave nothing behind.
 */
export async function storeFile(
  db: Db,
  store: BlobStore,
  input: { body: Buffer | Readable; name: string; owner: FileOwner; policy: FilePolicy; createdAt?: Date },
): Promise<FileRow> {
  const blob = await store.put(input.body, { contentType: 'application/octet-stream', maxBytes: input.policy.maxBytes });
  try {
    const checked = await checkBlob(store, blob, input.name, input.policy);
    const [row] = await filesRepository(db).insert(fileRowsOf([checked], input.owner, input.createdAt));
    return row!;
  } catch (error) {
    await store.delete(blob.key);
    throw error;
  }
}

/** Deletes files (rows and bytes), e.g. uploads a later step refused. Rows first: a row never points at nothing. */
export async function deleteFiles(db: Db, store: BlobStore, rows: readonly Pick<FileRow, 'id' | 'blob_key'>[]): Promise<void> {
  await filesRepository(db).remove(rows.map((row) => row.id));
  await Promise.all(rows.map((row) => store.delete(row.blob_key)));
}
