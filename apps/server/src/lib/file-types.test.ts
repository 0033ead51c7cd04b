import { describe, expect, it } from 'vitest';
import { HTML_BYTES, SVG_BYTES, compoundFileBytes, docxBytes, imageBytes, pdfBytes, xlsxBytes, zipBytes } from '../../test/fixtures';
import { bufferSource, carriesMarkup, cleanFileName, detectFileType, nameContradictsKind } from './file-types';

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
