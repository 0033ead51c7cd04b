import { deflateSync, crc32 } from 'node:zlib';
import { buffer as readAll } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import yazl from 'yazl';

/**
 * Real files of every kind, made here so tests need no binary fixtures: a PDF from pdfkit, images
 * from sharp, Office files built to their formats' rules, and the hostile ones (HTML, SVG, a
 * pixel bomb) an upload must refuse.
 */

export async function pdfBytes(text = 'Hello from the portal'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', info: { CreationDate: new Date(0), Title: text } });
  const done = readAll(doc);
  doc.fontSize(18).text(text);
  doc.end();
  return done;
}

export function imageBytes(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** A zip whose entries are written in the given order (the content-types part is not always first). */
export async function zipBytes(entries: [string, string][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) zip.addBuffer(Buffer.from(content), name, { mtime: new Date(0) });
  zip.end();
  return readAll(zip.outputStream);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`;

export const docxBytes = (contentTypesLast = false) => {
  const entries: [string, string][] = [
    ['[Content_Types].xml', contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')],
    ['word/document.xml', '<w:document/>'],
  ];
  return zipBytes(contentTypesLast ? entries.reverse() : entries);
};

export const xlsxBytes = () =>
  zipBytes([
    ['_rels/.rels', '<Relationships/>'],
    ['[Content_Types].xml', contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml')],
    ['xl/workbook.xml', '<workbook/>'],
  ]);

/** A minimal OLE compound file (512-byte sectors: header, one FAT sector, one directory sector) holding one empty stream. */
export function compoundFileBytes(streamName: string): Buffer {
  const file = Buffer.alloc(512 * 3, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c); // one FAT sector
  file.writeUInt32LE(1, 0x30); // directory starts at sector 1
  file.writeUInt32LE(4096, 0x38);
  file.writeUInt32LE(0xfffffffe, 0x3c);
  file.writeUInt32LE(0xfffffffe, 0x44);
  for (let index = 0; index < 109; index++) file.writeUInt32LE(index === 0 ? 0 : 0xffffffff, 0x4c + index * 4);
  const fat = 512;
  file.fill(0xff, fat, fat + 512);
  file.writeUInt32LE(0xfffffffd, fat); // sector 0: the FAT itself
  file.writeUInt32LE(0xfffffffe, fat + 4); // sector 1: the directory, one sector long
  const directory = 1024;
  const entry = (at: number, name: string, type: number) => {
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(file, at);
    file.writeUInt16LE(encoded.length, at + 64);
    file.writeUInt8(type, at + 66);
    file.writeUInt32LE(0xffffffff, at + 68);
    file.writeUInt32LE(0xffffffff, at + 72);
    file.writeUInt32LE(0xffffffff, at + 76);
  };
  entry(directory, 'Root Entry', 5);
  entry(directory + 128, streamName, 2);
  file.writeUInt32LE(0xfffffffe, directory + 128 + 116);
  return file;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes that claims width × height pixels: decoding it would take gigabytes. */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HTML_BYTES = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');

/** A multipart/form-data body, as a browser sends it. */
export function multipartBody(parts: ({ name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer })[]) {
  const boundary = '----portal-test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
