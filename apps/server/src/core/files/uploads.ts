import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlobTooLargeError, type StoredBlob } from './blob-store/types';
import { cleanFileName } from '../../lib/file-types';
import { HttpError, invalid } from '../../lib/http-errors';
import { ERROR_MESSAGES } from '@portal/contract';
import { filesRepository } from './files.repository';
import { checkBlob, fileRowsOf, fileTooLarge, type CheckedBlob, type FileOwner, type FilePolicy } from './store';
import type { FileRow } from '../../db/rows';

export interface UploadPolicy extends FilePolicy {
  /** The multipart field files come in; 'file' by default. */
  field?: string;
  /** How many files one request may carry; 1 by default. */
  maxFiles?: number;
  /** Text fields accepted along with the files, each with its largest length in characters. Any other field is refused. */
  fields?: Readonly<Record<string, number>>;
}

export interface ReceivedUpload {
  /** The stored files, recorded in `files`, in the order they were sent. */
  files: FileRow[];
  /** The text fields sent with them (only those the policy names). */
  fields: Record<string, string>;
}

const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Receives a multipart/form-data upload as a stream, straight into the blob store (never whole in
 * memory), checks each file by its bytes, and records it in `files` for `owner`. Anything wrong
 * (not multipart, no file, empty, too large, a kind not accepted, a name with path parts, an
 * image over 50 megapixels, an unexpected field) is a 4xx with `errors[field]`, and leaves no
 * blob and no row behind.
 *
 * The caller links the returned rows to its own records; if that fails, it hands them to
 * `deleteFiles` (store.ts).
 */
export async function receiveUpload(app: FastifyInstance, request: FastifyRequest, policy: UploadPolicy, owner: FileOwner): Promise<ReceivedUpload> {
  const field = policy.field ?? 'file';
  const maxFiles = policy.maxFiles ?? 1;
  const allowedFields = policy.fields ?? {};
  if (!request.isMultipart()) throw new HttpError(415, ERROR_MESSAGES.unsupportedMediaType, { [field]: ['Send the file as multipart/form-data.'] });

  const written: StoredBlob[] = [];
  const checked: CheckedBlob[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        // One byte past the limit is enough to know a file is too large.
        fileSize: policy.maxBytes + 1,
        files: maxFiles,
        fields: Object.keys(allowedFields).length,
        fieldSize: Math.max(1, ...Object.values(allowedFields).map((length) => length * 4)),
        parts: maxFiles + Object.keys(allowedFields).length,
      },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        const limit = allowedFields[part.fieldname];
        if (limit === undefined) throw invalid({ [part.fieldname]: [`The field ${part.fieldname} is not expected here.`] });
        const value = String(part.value);
        if (part.valueTruncated || value.length > limit) throw invalid({ [part.fieldname]: [`At most ${limit} characters.`] });
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw invalid({ [part.fieldname]: [`Files go in the ${field} field.`] });
      }
      const name = cleanFileName(part.filename ?? '');
      if (name === null) {
        part.file.resume();
        throw invalid({ [field]: [part.filename ? 'The file name must not contain a path (/ or \\).' : 'The file has no name.'] });
      }
      const blob = await app.blobs.put(part.file, { contentType: 'application/octet-stream', maxBytes: policy.maxBytes });
      written.push(blob);
      if (part.file.truncated) throw fileTooLarge(policy.maxBytes, field);
      checked.push(await checkBlob(app.blobs, blob, name, policy, field));
    }
  } catch (error) {
    await Promise.all(written.map((blob) => app.blobs.delete(blob.key)));
    if (error instanceof BlobTooLargeError) throw fileTooLarge(policy.maxBytes, field);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(policy.maxBytes, field);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, 'Too many files.', { [field]: [`At most ${maxFiles} file${maxFiles === 1 ? '' : 's'} at a time.`] });
    if (code && MULTIPART_LIMIT_CODES.has(code)) throw new HttpError(413, 'Too many fields.', { [field]: ['The upload carries more fields than expected.'] });
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw invalid({ [field]: ['The upload is malformed.'] }, 400);
    if (error instanceof Error && /Unexpected end of (form|multipart)|Malformed part header|terminated early|boundary/i.test(error.message)) {
      throw invalid({ [field]: ['The upload is malformed or was cut short.'] }, 400);
    }
    throw error;
  }

  if (checked.length === 0) throw invalid({ [field]: ['Choose a file to upload.'] });
  try {
    const files = await filesRepository(app.database.db).insert(fileRowsOf(checked, owner));
    return { files, fields };
  } catch (error) {
    await Promise.all(written.map((blob) => app.blobs.delete(blob.key)));
    throw error;
  }
}
