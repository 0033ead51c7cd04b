import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { buffer as readAll } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { HTML_BYTES, SVG_BYTES, compoundFileBytes, docxBytes, imageBytes, pdfBytes, xlsxBytes, zipBytes } from '../../test/fixtures';
import { bufferSource, carriesMarkup, cleanFileName, detectFileType, nameContradictsKind, pdfProblem, uploadNameProblem } from './file-types';

const kindOf = async (bytes: Buffer) => (await detectFileType(bufferSource(bytes)))?.kind ?? null;

describe('telling a file by its bytes', () => {
  it('knows PDFs, the four image formats, Word and Excel in both generations, and plain text', async () => {
    expect(await kindOf(await pdfBytes())).toBe('pdf');
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) expect(await kindOf(await imageBytes(format))).toBe(format);
    expect(await kindOf(await docxBytes())).toBe('docx');
    expect(await kindOf(await docxBytes(true))).toBe('docx');
    expect(await kindOf(await xlsxBytes())).toBe('xlsx');
    expect(await kindOf(compoundFileBytes('WordDocument'))).toBe('doc');
    expect(await kindOf(compoundFileBytes('Workbook'))).toBe('xls');
    expect(await kindOf(Buffer.from('Gate code: 4412\nCall before 9 — thanks! ✓\n'))).toBe('text');
    expect((await detectFileType(bufferSource(Buffer.from('notes'))))?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('refuses HTML and SVG, whatever they are called', async () => {
    expect(await kindOf(HTML_BYTES)).toBeNull();
    expect(await kindOf(SVG_BYTES)).toBeNull();
    expect(await kindOf(Buffer.from('\uFEFF  <html><body>hi</body></html>'))).toBeNull();
    expect(await kindOf(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
  });

  it('refuses empty files, binary junk, invalid UTF-8, other zips and other compound files', async () => {
    expect(await kindOf(Buffer.alloc(0))).toBeNull();
    expect(await kindOf(Buffer.from([0x00, 0x01, 0x02, 0x03]))).toBeNull();
    expect(await kindOf(Buffer.from('text with a NUL\0 inside'))).toBeNull();
    expect(await kindOf(Buffer.from([0x68, 0x69, 0xc3, 0x28]))).toBeNull();
    expect(await kindOf(await zipBytes([['readme.txt', 'hello']]))).toBeNull();
    expect(await kindOf(await zipBytes([['[Content_Types].xml', '<Types/>']]))).toBeNull();
    expect(await kindOf(compoundFileBytes('PowerPoint Document'))).toBeNull();
    // A PDF header must open the file, not hide behind something else.
    expect(await kindOf(Buffer.concat([HTML_BYTES, await pdfBytes()]))).toBeNull();
  });
});

describe('file names', () => {
  it('keeps a real name as given, without control characters', () => {
    expect(cleanFileName('Site plan (rev 2).pdf')).toBe('Site plan (rev 2).pdf');
    expect(cleanFileName('Küche – Angebot.docx')).toBe('Küche – Angebot.docx');
    expect(cleanFileName('bad\u0000name\u202e.txt')).toBe('badname.txt');
  });

  it('refuses names with path parts or nothing in them', () => {
    for (const name of ['../etc/passwd', '..\\boot.ini', 'a/b.pdf', 'C:\\temp\\x.pdf', '', '  ', '.', '..']) {
      expect(cleanFileName(name), name).toBeNull();
    }
  });

  it('shortens a very long name to 255 bytes and keeps its extension', () => {
    const name = cleanFileName(`${'é'.repeat(300)}.pdf`)!;
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('é.pdf')).toBe(true);
  });
});

describe('upload names', () => {
  it('refuses control characters and text-direction overrides, naming what is wrong', () => {
    const hostile = ['a\u0000.pdf', 'a\t.pdf', 'a\u001f.pdf', 'a\u007f.pdf', 'a\u0085.pdf', 'a\u009f.pdf'];
    hostile.push(...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((code) => `a${String.fromCharCode(code)}.pdf`));
    for (const name of hostile) expect(uploadNameProblem(name), JSON.stringify(name)).toMatch(/control characters or text-direction overrides/);
    expect(uploadNameProblem('../x.pdf')).toMatch(/path/);
    expect(uploadNameProblem('')).toMatch(/no name/);
    expect(uploadNameProblem('  ')).toMatch(/no name/);
  });

  it('takes real names, in any script, long ones included (they are cut when kept)', () => {
    for (const name of ['Site plan (rev 2).pdf', 'Küche – Angebot.docx', 'תוכנית.pdf', '見積書.pdf', 'report\u200e.pdf', `${'a'.repeat(5000)}.pdf`]) {
      expect(uploadNameProblem(name), name).toBeNull();
    }
  });
});

/** A PDF as pdfkit makes it, with the given images drawn on its pages. */
async function pdfWithImages(images: Buffer[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', info: { CreationDate: new Date(0) } });
  const done = readAll(doc);
  doc.fontSize(14).text('Photos of the site');
  for (const image of images) doc.image(image, { width: 300 }).addPage();
  doc.end();
  return done;
}

/** Random pixels: megabytes of incompressible binary in the image streams, with `<` and `>` among them, for the scan to pass over. */
const noise = (format: 'png' | 'jpeg', size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .toFormat(format)
    .toBuffer();

const beforeEof = (pdf: Buffer, inserted: Buffer | string) => {
  const eof = pdf.lastIndexOf('%%EOF');
  return Buffer.concat([pdf.subarray(0, eof), Buffer.from(inserted), pdf.subarray(eof)]);
};

describe('PDFs, checked through', () => {
  it('takes PDFs as pdfkit makes them, with text and with images', async () => {
    expect(await pdfProblem(bufferSource(await pdfBytes()))).toBeNull();
    const withImages = await pdfWithImages([await noise('png', 900), await noise('jpeg', 900), await imageBytes('png', 40, 40)]);
    expect(withImages.length).toBeGreaterThan(1024 * 1024); // past the first chunk of the scan
    expect(await pdfProblem(bufferSource(withImages))).toBeNull();
  });

  it('skips what is inside a stream, markup included', async () => {
    const inside = beforeEof(await pdfBytes(), '9 0 obj\n<< /Length 40 >>\nstream\n<html><script>alert(1)</script></html>\nendstream\nendobj\n');
    expect(await pdfProblem(bufferSource(inside))).toBeNull();
  });

  it('refuses a page or script outside the streams, in any case, wherever it lies', async () => {
    for (const markup of ['<html>', '<SCRIPT>', '<!DOCTYPE html>', '<svg onload=alert(1)>', '<Body>']) {
      expect(await pdfProblem(bufferSource(beforeEof(await pdfBytes(), markup))), markup).toMatch(/web page or a script/);
    }
    // Across the boundary of two chunks of the scan.
    const pdf = await pdfBytes();
    const eof = pdf.lastIndexOf('%%EOF');
    const straddling = beforeEof(pdf, `${' '.repeat(1024 * 1024 - eof - 3)}<script>`);
    expect(straddling.indexOf('<script>')).toBe(1024 * 1024 - 3);
    expect(await pdfProblem(bufferSource(straddling))).toMatch(/web page or a script/);
  });

  it('refuses a PDF without its end, or whose last stream never ends', async () => {
    const pdf = await pdfBytes();
    expect(await pdfProblem(bufferSource(pdf.subarray(0, pdf.lastIndexOf('%%EOF'))))).toMatch(/incomplete/);
    expect(await pdfProblem(bufferSource(Buffer.concat([pdf, Buffer.alloc(2048, 0x20)])))).toMatch(/incomplete/);
    const open = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length 99 >>\nstream\n<html>\n'), Buffer.from('%%EOF\n')]);
    expect(await pdfProblem(bufferSource(open))).toMatch(/a stream never ends/);
  });
});

describe('names and bytes that disagree', () => {
  it('refuses a name whose extension says another kind, but lets images pass as one another and unknown extensions say nothing', () => {
    expect(nameContradictsKind('photo.jpg', 'pdf')).toBe(true);
    expect(nameContradictsKind('Contract.PDF', 'jpeg')).toBe(true);
    expect(nameContradictsKind('page.html', 'text')).toBe(true);
    expect(nameContradictsKind('budget.xlsx', 'docx')).toBe(true);
    expect(nameContradictsKind('from-phone.jpg', 'png')).toBe(false);
    expect(nameContradictsKind('old.doc', 'docx')).toBe(false);
    expect(nameContradictsKind('notes.csv', 'text')).toBe(false);
    expect(nameContradictsKind('README', 'text')).toBe(false);
  });

  it('finds markup anywhere in an image, across the chunks it reads', async () => {
    const jpeg = await imageBytes('jpeg');
    expect(await carriesMarkup(bufferSource(jpeg))).toBe(false);
    expect(await carriesMarkup(bufferSource(Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')])))).toBe(true);
    const straddling = Buffer.concat([Buffer.alloc(1024 * 1024 - 3), Buffer.from('<svg onload=x>')]);
    expect(await carriesMarkup(bufferSource(straddling))).toBe(true);
  });
});
