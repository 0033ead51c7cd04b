import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BlobTooLargeError, type StoredBlob } from './blob-store/types';
import { cleanFileName, FILE_TYPES, megabytes, uploadNameProblem } from '../../lib/file-types';
import { HttpError, invalid } from '../../lib/http-errors';
import { ERROR_MESSAGES } from '@portal/contract';
import { filesRepository } from './files.repository';
import { heicAsJpeg } from './heic';
import { checkBlob, fileRowsOf, fileTooLarge, type CheckedBlob, type FileOwner, type FilePolicy } from './store';
import type { FileRow } from '../../db/rows';

export interface UploadPolicy extends FilePolicy {
  /** The multipart field files come in; 'file' by default. */
  field?: string;
  /** How many files one request may carry; 1 by default. */
  maxFiles?: number;
  /** Text fields accepted along with the files, each with its largest length in characters. Any other field is refused. */
  fields?: Readonly<Record<string, number>>;
  /** A JSON body the route takes instead of multipart (it validates it itself); named here for the OpenAPI document. */
  json?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that takes files declares what it accepts here, once: `receiveUpload` enforces it and the OpenAPI
     * document describes the same multipart body from it.
     */
    upload?: UploadPolicy;
  }
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
 * (not multipart, no file, empty, too large, a kind not accepted, a name with path parts or
 * control characters, a PDF that is not one through, an image over 50 megapixels, an unexpected
 * field) is a 4xx with `errors[field]`, and leaves no blob and no row behind.
 *
 * The caller links the returned rows to its own records; if that fails, it hands them to
 * `deleteFiles` (store.ts).
 */
export async function receiveUpload(app: FastifyInstance, request: FastifyRequest, owner: FileOwner): Promise<ReceivedUpload> {
  const policy = request.routeOptions.config.upload;
  if (!policy) throw new Error(`${request.routeOptions.url ?? request.url} receives files without declaring config.upload`);
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
      const problem = uploadNameProblem(part.filename ?? '');
      if (problem !== null) {
        part.file.resume();
        throw invalid({ [field]: [problem] });
      }
      let name = cleanFileName(part.filename)!;
      let blob = await app.blobs.put(part.file, { contentType: 'application/octet-stream', maxBytes: policy.maxBytes });
      written.push(blob);
      if (part.file.truncated) throw fileTooLarge(policy.maxBytes, field);
      // Where JPEG is taken, so is an iPhone's HEIC, kept as the JPEG it becomes (core/files/heic.ts).
      const converted = policy.accept.includes('jpeg') ? await heicAsJpeg(app.blobs, blob, name, policy.maxBytes, field) : null;
      if (converted) {
        written.push(converted.blob);
        await app.blobs.delete(blob.key);
        written.splice(written.indexOf(blob), 1);
        ({ blob, name } = converted);
      }
      checked.push(await checkBlob(app.blobs, blob, name, policy, field));
    }
  } catch (error) {
    await Promise.all(written.map((blob) => app.blobs.delete(blob.key)));
    if (error instanceof BlobTooLargeError) throw fileTooLarge(policy.maxBytes, field);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(policy.maxBytes, field);
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(413, 'Too many files.', { [field]: [`At most ${maxFiles} file${maxFiles === 1 ? '' : 's'} at a time.`] });
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

const BINARY = { type: 'string', format: 'binary' } as const;

/**
 * The OpenAPI request body of a route that takes files, from the same policy `receiveUpload` enforces: the file field
 * (an array when several files may come), the text fields with their lengths, and the kinds accepted.
 */
export function uploadRequestBody(policy: UploadPolicy, jsonSchema?: Record<string, unknown>) {
  const field = policy.field ?? 'file';
  const maxFiles = policy.maxFiles ?? 1;
  const heic = policy.accept.includes('jpeg') ? ' A HEIC image (an iPhone photo) is taken too, kept as the JPEG it is converted to.' : '';
  const limit = `${policy.accept.map((kind) => FILE_TYPES[kind].label).join(', ')}; at most ${megabytes(policy.maxBytes)} each, checked by the bytes.${heic}`;
  const fileProperty =
    maxFiles > 1
      ? { type: 'array', items: BINARY, minItems: 1, maxItems: maxFiles, description: `Up to ${maxFiles} files: ${limit}` }
      : { ...BINARY, description: `The file: ${limit}` };
  const textProperties = Object.fromEntries(Object.entries(policy.fields ?? {}).map(([name, maxLength]) => [name, { type: 'string', maxLength }]));
  return {
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { [field]: fileProperty, ...textProperties }, required: [field], additionalProperties: false },
      },
      ...(jsonSchema ? { 'application/json': { schema: jsonSchema } } : {}),
    },
  };
}
