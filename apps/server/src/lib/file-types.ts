import { inflateRawSync } from 'node:zlib';
import { FILE_KINDS, type FileKind } from '@portal/contract';

export { FILE_KINDS, type FileKind };

/**
 * What a file really is, told from its bytes (magic numbers and, for Office files, their inner
 * structure), never from its name or the Content-Type the uploader sent. Anything not on this
 * list is refused, HTML and SVG above all: a file we serve must never be able to run script on
 * our origin.
 */
export const FILE_TYPES = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG image' },
  png: { contentType: 'image/png', extension: 'png', label: 'PNG image' },
  webp: { contentType: 'image/webp', extension: 'webp', label: 'WebP image' },
  gif: { contentType: 'image/gif', extension: 'gif', label: 'GIF image' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', label: 'Word document' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', label: 'Excel workbook' },
  doc: { contentType: 'application/msword', extension: 'doc', label: 'Word document' },
  xls: { contentType: 'application/vnd.ms-excel', extension: 'xls', label: 'Excel workbook' },
  text: { contentType: 'text/plain; charset=utf-8', extension: 'txt', label: 'Text' },
} as const satisfies Record<FileKind, { contentType: string; extension: string; label: string }>;
export const IMAGE_KINDS = ['jpeg', 'png', 'webp', 'gif'] as const satisfies readonly FileKind[];
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const isImageKind = (kind: string): kind is ImageKind => (IMAGE_KINDS as readonly string[]).includes(kind);

export interface FileType {
  kind: FileKind;
  contentType: string;
  extension: string;
  label: string;
}

export const fileTypeOf = (kind: FileKind): FileType => ({ kind, ...FILE_TYPES[kind] });

/** Random access to the bytes of a file (a buffer, or a blob already in the store). */
export interface ByteSource {
  size: number;
  /** Bytes from `start` up to, not including, `end` (clamped to the size). */
  read(start: number, end: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): ByteSource {
  return { size: bytes.length, read: async (start, end) => bytes.subarray(start, Math.min(end, bytes.length)) };
}

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The real type of a file, or null when it is none of the accepted kinds (or is empty). */
export async function detectFileType(source: ByteSource): Promise<FileType | null> {
  if (source.size === 0) return null;
  const head = await source.read(0, 64);
  if (startsWith(head, ascii('%PDF-'))) return fileTypeOf('pdf');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return fileTypeOf('jpeg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return fileTypeOf('png');
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return fileTypeOf('webp');
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return fileTypeOf('gif');
  if (startsWith(head, ZIP_LOCAL)) {
    const kind = await officeOpenXmlKind(source);
    return kind ? fileTypeOf(kind) : null;
  }
  if (startsWith(head, OLE)) {
    const kind = await compoundFileKind(source);
    return kind ? fileTypeOf(kind) : null;
  }
  return (await isPlainText(source)) ? fileTypeOf('text') : null;
}

const MAX_CENTRAL_DIRECTORY = 4 * 1024 * 1024;
const MAX_CONTENT_TYPES = 1024 * 1024;

/** docx or xlsx: a zip whose [Content_Types].xml declares a Word document or an Excel workbook as its main part. */
async function officeOpenXmlKind(source: ByteSource): Promise<'docx' | 'xlsx' | null> {
  // The end-of-central-directory record sits in the last 22 bytes plus up to 64 KiB of comment.
  const tailStart = Math.max(0, source.size - (22 + 0xffff));
  const tail = await source.read(tailStart, source.size);
  let eocd = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) return null;
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directorySize > MAX_CENTRAL_DIRECTORY || directoryOffset + directorySize > source.size) return null;
  const directory = await source.read(directoryOffset, directoryOffset + directorySize);

  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50;) {
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const uncompressedSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    const name = directory.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (name !== '[Content_Types].xml') continue;
    if (uncompressedSize > MAX_CONTENT_TYPES || compressedSize > MAX_CONTENT_TYPES) return null;
    const local = await source.read(localOffset, localOffset + 30);
    if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) return null;
    const dataStart = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const data = await source.read(dataStart, dataStart + compressedSize);
    let xml: string;
    try {
      if (method === 0) xml = data.toString('utf8');
      else if (method === 8) xml = inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES }).toString('utf8');
      else return null;
    } catch {
      return null;
    }
    if (xml.includes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')) return 'docx';
    if (xml.includes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml')) return 'xlsx';
    return null;
  }
  return null;
}

const END_OF_CHAIN = 0xfffffffe;

/** doc or xls: an OLE compound file holding a WordDocument stream, or a Workbook (Book) stream. */
async function compoundFileKind(source: ByteSource): Promise<'doc' | 'xls' | null> {
  const header = await source.read(0, 512);
  if (header.length < 512) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sector = (index: number) => source.read((index + 1) * sectorSize, (index + 2) * sectorSize);
  const perFatSector = sectorSize / 4;
  const fatCache = new Map<number, Buffer>();
  const next = async (index: number): Promise<number> => {
    const fatIndex = Math.floor(index / perFatSector);
    if (fatIndex >= 109) return END_OF_CHAIN; // past the header's DIFAT: far larger than any directory we need
    let fat = fatCache.get(fatIndex);
    if (!fat) {
      fat = await sector(header.readUInt32LE(0x4c + fatIndex * 4));
      fatCache.set(fatIndex, fat);
    }
    const offset = (index % perFatSector) * 4;
    return fat.length >= offset + 4 ? fat.readUInt32LE(offset) : END_OF_CHAIN;
  };

  const names = new Set<string>();
  let current = header.readUInt32LE(0x30);
  for (let hops = 0; current < END_OF_CHAIN - 5 && hops < 64; hops++) {
    const entries = await sector(current);
    for (let at = 0; at + 128 <= entries.length; at += 128) {
      const length = entries.readUInt16LE(at + 64);
      if (length >= 2 && length <= 64) names.add(entries.subarray(at, at + length - 2).toString('utf16le'));
    }
    if (names.has('WordDocument')) return 'doc';
    if (names.has('Workbook') || names.has('Book')) return 'xls';
    current = await next(current);
  }
  return null;
}

const TEXT_CHUNK = 1024 * 1024;
/** Markup a browser would run if it ever treated the file as a page: never accepted, even as text. */
const MARKUP = /^\s*<(?:!doctype\s+html|html|head|body|script|svg|\?xml|iframe|object|embed|meta|link|style|img|a\s)/i;

/** Valid UTF-8 without a NUL byte, and not HTML, SVG or XML. */
async function isPlainText(source: ByteSource): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = '';
  try {
    for (let at = 0; at < source.size; at += TEXT_CHUNK) {
      const chunk = await source.read(at, at + TEXT_CHUNK);
      if (chunk.includes(0)) return false;
      const decoded = decoder.decode(chunk, { stream: at + TEXT_CHUNK < source.size });
      if (start.length < 1024) start += decoded.slice(0, 1024);
    }
    decoder.decode();
  } catch {
    return false;
  }
  return !MARKUP.test(start.replace(/^\uFEFF/, ''));
}

/**
 * Characters no upload name may carry: C0 and C1 controls (NUL cuts a name short in C code, an escape rewrites a
 * terminal), DEL, and the bidi embeddings, overrides and isolates that make `invoice\u202efdp.exe` read as
 * `invoiceexe.pdf`. Refused rather than dropped (docs/decisions/074-hostile-names-pdfs-and-bucket-sweep.md).
 */
// eslint-disable-next-line no-control-regex
const HOSTILE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A name as a terminal may safely show it: each refused character written as `\uXXXX`. */
export const escapeNameForDisplay = (name: string) =>
  name.replace(new RegExp(HOSTILE_NAME_CHARACTERS.source, 'g'), (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Why an uploaded file's name is refused, or null when it can be kept (after `cleanFileName`). */
export function uploadNameProblem(name: string): string | null {
  if (name === '') return 'The file has no name.';
  if (/[/\\]/.test(name)) return 'The file name must not contain a path (/ or \\).';
  if (HOSTILE_NAME_CHARACTERS.test(name)) return 'The file name must not contain control characters or text-direction overrides; rename the file.';
  if (cleanFileName(name) === null) return 'The file has no name.';
  return null;
}

/**
 * A file name fit to keep and to hand back on download, or null when it cannot be one: a name with
 * path parts (`../x.pdf`, `a/b.pdf`, `C:\x.pdf`) is refused rather than silently cut, so nobody
 * is surprised by what was stored. Uploads refuse control characters first (`uploadNameProblem`); names the portal
 * makes from captions and album names lose them here. Direction marks (U+200E, U+200F) go too: invisible, and they
 * reorder nothing around them. A name over 255 bytes is cut, its extension kept.
 */
export function cleanFileName(name: string): string | null {
  if (/[/\\]/.test(name)) return null;
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return null;
  if (Buffer.byteLength(cleaned) <= 255) return cleaned;
  // Too long: keep the extension, cut the stem on a character boundary.
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  let stem = [...cleaned.slice(0, cleaned.length - extension.length)];
  while (Buffer.byteLength(stem.join('') + extension) > 255) stem = stem.slice(0, -1);
  return stem.join('') + extension;
}

/** Kinds a name's extension may claim, grouped where a mix-up is harmless (any image renders as an image). */
const EXTENSION_GROUPS: Record<string, string> = {
  pdf: 'pdf',
  jpg: 'image',
  jpeg: 'image',
  jpe: 'image',
  jfif: 'image',
  png: 'image',
  webp: 'image',
  gif: 'image',
  docx: 'word',
  doc: 'word',
  xlsx: 'excel',
  xls: 'excel',
  // Never accepted under any bytes: opened from a download folder, a browser would run them.
  html: 'markup',
  htm: 'markup',
  xhtml: 'markup',
  svg: 'markup',
  xml: 'markup',
  js: 'markup',
  mjs: 'markup',
};
const KIND_GROUPS: Record<FileKind, string> = {
  pdf: 'pdf',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  gif: 'image',
  docx: 'word',
  doc: 'word',
  xlsx: 'excel',
  xls: 'excel',
  text: 'text',
};

/**
 * True when the name's extension says another kind than the bytes do (`photo.jpg` that is a PDF, `page.html` that is
 * text): the file would be saved under a name its reader opens with the wrong program. Names without a known extension
 * say nothing.
 */
export function nameContradictsKind(name: string, kind: FileKind): boolean {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return false;
  const claimed = EXTENSION_GROUPS[name.slice(dot + 1).toLowerCase()];
  return claimed !== undefined && claimed !== KIND_GROUPS[kind];
}

/** Markup or script a browser would run if it ever read the bytes as a page: no image of ours carries any. */
const MARKUP_INSIDE = /<(?:script|html|body|svg|iframe|object|embed)[\s>/]|javascript:|<\?php/i;
const SCAN_CHUNK = 1024 * 1024;

/** Whether an image hides a page or a script among its bytes (a JPEG/HTML or GIF/JavaScript polyglot). */
export async function carriesMarkup(source: ByteSource): Promise<boolean> {
  // Chunks overlap by a marker's length, so none is missed at a boundary.
  for (let start = 0; start < source.size; start += SCAN_CHUNK) {
    const bytes = await source.read(Math.max(0, start - 16), start + SCAN_CHUNK);
    if (MARKUP_INSIDE.test(bytes.toString('latin1'))) return true;
  }
  return false;
}

const PDF_TAIL = 1024;
/**
 * Outside a stream: a stream's start (the keyword after a dictionary or whitespace, then its end of line; never
 * `endstream`), or markup a browser would render if it ever read the bytes as a page.
 */
const PDF_OUTSIDE = /(?<=[\s>])stream(?:\r\n|\n|\r)|<(?:html|script|!doctype|svg|body)/gi;
const PDF_OVERLAP = 32;

/**
 * Why a file that opens with `%PDF-` is not kept as a PDF, or null when it is one through: an `%%EOF` marker in its
 * last 1,024 bytes (a PDF/HTML polyglot tends to end in its page, a cut-short file in the middle of an object), and
 * no HTML, SVG or script markup outside its streams. Stream data (images, fonts, compressed page content) is
 * skipped: binary bytes may spell anything, and a PDF reader never reads them as markup. One pass, chunk by chunk.
 */
export async function pdfProblem(source: ByteSource): Promise<string | null> {
  const tail = (await source.read(Math.max(0, source.size - PDF_TAIL), source.size)).toString('latin1');
  if (!tail.includes('%%EOF')) return 'The PDF is incomplete (it has no end-of-file marker); save or export it again.';
  let inStream = false;
  let carry = '';
  for (let start = 0; start < source.size; start += SCAN_CHUNK) {
    const text = carry + (await source.read(start, start + SCAN_CHUNK)).toString('latin1');
    let at = 0;
    for (;;) {
      if (inStream) {
        const end = text.indexOf('endstream', at);
        if (end < 0) break;
        inStream = false;
        at = end + 'endstream'.length;
        continue;
      }
      PDF_OUTSIDE.lastIndex = at;
      const found = PDF_OUTSIDE.exec(text);
      if (!found) break;
      if (found[0].startsWith('<')) return 'The PDF carries a web page or a script; save or export it again from the program that made it.';
      inStream = true;
      at = PDF_OUTSIDE.lastIndex;
    }
    // In a stream only `endstream` is looked for; the overlap also keeps the character a lookbehind needs.
    carry = text.slice(Math.max(at, text.length - PDF_OVERLAP));
  }
  if (inStream) return 'The PDF is incomplete (a stream never ends); save or export it again.';
  return null;
}

/**
 * The ISO base media brands of a HEIF image coded in HEVC, what an iPhone saves as `.HEIC`. `mif1` and `msf1` are the
 * general HEIF brands (an AVIF may carry them too: the decoder then says it cannot read it).
 */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * Whether the first bytes are a HEIC image: an `ftyp` box whose major brand is one of HEIF's. Not a kind the portal
 * keeps: an upload that accepts JPEG takes it converted (core/files/heic.ts, docs/decisions/113-the-company-command-as-a-contractor-types.md).
 */
export function isHeic(head: Buffer): boolean {
  return head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && HEIC_BRANDS.has(head.toString('latin1', 8, 12));
}

/** A GIF's logical screen (bytes 6–9): decoders allocate it, whatever the size of the frames inside. */
export function gifScreen(head: Buffer): { width: number; height: number } | null {
  return head.length >= 10 ? { width: head.readUInt16LE(6), height: head.readUInt16LE(8) } : null;
}

/** A size limit as people read it: "20 MB", "2.5 MB". */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

/** The words of a refusal for a file over `maxBytes`: the server's, and the command's before it sends the file. */
export const fileSizeLimitText = (maxBytes: number) => `The file may be at most ${megabytes(maxBytes)}.`;
